// Linux uids for hosted functions, allocated (never derived from a name, which anyone could collide
// with) and recorded: a function keeps its uid across versions and workers, and no other function
// on this host gets it until DELETE releases it. Limits the kernel counts per user (RLIMIT_NPROC,
// signals, inotify instances) are then per function.
//
// The table is host-wide because uids are: one file per taken uid, created exclusively (O_EXCL), so
// two service processes (serverless offline runs each route as its own Lambda) or two stacks on one
// host never hand out the same number. The function's folder keeps a copy of its number, found first.
import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { link, mkdir, readdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Far above the ids of people and of subordinate id ranges (subuid files start at 100,000). */
const FIRST_UID = 1_500_000_000;
/** Every build runs as this one uid, which owns the shared build cache; no function is given it. */
export const BUILD_UID = FIRST_UID;
const LAST_UID = FIRST_UID + 100_000_000;

/** The table's default place: a host-wide folder (only root runs functions under uids of their own). */
export const DEFAULT_UID_TABLE = '/var/lib/fnquery/uids';

/** What a taken uid's file holds: whose it is. */
interface Holder {
  workDir: string;
  function: string;
}

const UID_FILE = '.uid';

/**
 * Creates `path` holding `content`, or fails with EEXIST: written aside and linked into place, so
 * no reader ever sees it empty.
 */
async function createWith(path: string, content: string): Promise<void> {
  const aside = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(aside, content, { mode: 0o600 });
  try {
    await link(aside, path);
  } finally {
    await unlink(aside).catch(() => undefined);
  }
}

export class UidTable {
  /** Allocations in flight in this process, so two workers of one function wait for one number. */
  private readonly pending = new Map<string, Promise<number>>();

  /**
   * @param tableDir the host-wide table
   * @param workDir the service's work folder, holding one folder per function (named by `key`)
   */
  constructor(
    private readonly tableDir: string,
    private readonly workDir: string,
  ) {}

  /** The function's uid, allocated at its first worker. */
  uidOf(key: string): Promise<number> {
    let pending = this.pending.get(key);
    if (!pending) {
      pending = this.find(key).finally(() => this.pending.delete(key));
      this.pending.set(key, pending);
    }
    return pending;
  }

  /** Gives the function's uid back; call after its last process has ended. */
  async release(key: string): Promise<void> {
    const uid = await this.recorded(key);
    if (uid === undefined) return;
    const holder = await this.holderOf(uid);
    if (holder?.workDir === this.workDir && holder.function === key)
      await unlink(this.entry(uid)).catch(() => undefined);
    await unlink(join(this.workDir, key, UID_FILE)).catch(() => undefined);
  }

  private async find(key: string): Promise<number> {
    const known = await this.recorded(key);
    if (known !== undefined) {
      const holder = await this.holderOf(known);
      if (holder?.workDir === this.workDir && holder.function === key) return known;
    }
    const uid = await this.take({ workDir: this.workDir, function: key });
    await mkdir(join(this.workDir, key), { recursive: true });
    try {
      // A recorded uid that is no longer ours (its table entry was reclaimed) is replaced.
      if (known !== undefined) await unlink(join(this.workDir, key, UID_FILE)).catch(() => undefined);
      await createWith(join(this.workDir, key, UID_FILE), String(uid));
      return uid;
    } catch (e) {
      // Another service process allocated for this function meanwhile: theirs stands, ours goes back.
      await unlink(this.entry(uid)).catch(() => undefined);
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      return (await this.recorded(key))!;
    }
  }

  /** Takes the lowest free uid (or one whose holder's work folder is gone) by creating its file exclusively. */
  private async take(holder: Holder): Promise<number> {
    await mkdir(this.tableDir, { recursive: true, mode: 0o700 });
    const taken = new Set((await readdir(this.tableDir)).filter((n) => /^\d+$/.test(n)).map(Number));
    for (let uid = FIRST_UID + 1; uid <= LAST_UID; uid++) {
      if (taken.has(uid) && !(await this.reclaim(uid))) continue;
      try {
        await createWith(this.entry(uid), JSON.stringify(holder));
        return uid;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      }
    }
    throw new Error('no free uid is left for hosted functions');
  }

  /**
   * Frees a uid whose holder's work folder is gone (a stack removed without releasing: its functions
   * are gone too). Under a lock, so two processes cannot both free it, one after the other's new taking.
   */
  private async reclaim(uid: number): Promise<boolean> {
    const stale = await this.holderOf(uid);
    if (!stale || existsSync(stale.workDir)) return false;
    const lock = `${this.entry(uid)}.lock`;
    try {
      await createWith(lock, String(process.pid));
    } catch {
      return false;
    }
    try {
      const still = await this.holderOf(uid);
      if (!still || existsSync(still.workDir)) return false;
      await unlink(this.entry(uid));
      return true;
    } finally {
      await unlink(lock).catch(() => undefined);
    }
  }

  private entry(uid: number): string {
    return join(this.tableDir, String(uid));
  }

  private async holderOf(uid: number): Promise<Holder | undefined> {
    try {
      return JSON.parse(await readFile(this.entry(uid), 'utf8')) as Holder;
    } catch {
      return undefined;
    }
  }

  private async recorded(key: string): Promise<number | undefined> {
    const text = await readFile(join(this.workDir, key, UID_FILE), 'utf8').catch(() => '');
    const uid = Number(text);
    return text && Number.isSafeInteger(uid) && uid > FIRST_UID ? uid : undefined;
  }
}
