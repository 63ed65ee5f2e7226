// The functions' uid table: allocated numbers, unique across service processes and stacks sharing
// one host table, stable for a function, released by DELETE, reclaimed from stacks that are gone.
import { afterAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILD_UID, UidTable } from '../../../lib/functions/process-runtime/uid-table';

const root = await mkdtemp(join(tmpdir(), 'fnq-uid-table-'));
afterAll(() => rm(root, { recursive: true, force: true }));

async function stack(name: string) {
  const workDir = join(root, name);
  await mkdir(workDir, { recursive: true });
  return workDir;
}

describe('the uid table', () => {
  it('gives every function its own uid, even when two service processes and two stacks allocate at once', async () => {
    const table = join(root, 'concurrent');
    const [a, b] = [await stack('stack-a'), await stack('stack-b')];
    // Two processes of stack A (two Lambdas of serverless offline) and one of stack B.
    const tables = [new UidTable(table, a), new UidTable(table, a), new UidTable(table, b)];
    const names = Array.from({ length: 20 }, (_, i) => `fn-${i}`);
    const got = await Promise.all(
      tables.flatMap((t, i) =>
        names.map(async (n) => ({ stack: i === 2 ? 'b' : 'a', name: n, uid: await t.uidOf(n) })),
      ),
    );
    // The two processes of one stack agree on each function's uid...
    for (const n of names) {
      const ofA = got.filter((g) => g.stack === 'a' && g.name === n).map((g) => g.uid);
      expect(new Set(ofA).size).toBe(1);
    }
    // ...and no two functions (of either stack) share one, nor the builds' uid.
    const distinct = new Set(got.map((g) => `${g.stack}/${g.name}`));
    const uids = new Set(got.map((g) => g.uid));
    expect(uids.size).toBe(distinct.size);
    expect(uids.has(BUILD_UID)).toBe(false);
    expect((await readdir(table)).length).toBe(distinct.size);
  });

  it('keeps a function its uid, and hands it to another function only after DELETE released it', async () => {
    const table = join(root, 'release');
    const workDir = await stack('stack-release');
    const uids = new UidTable(table, workDir);
    const first = await uids.uidOf('alpha');
    expect(await new UidTable(table, workDir).uidOf('alpha')).toBe(first);
    const other = await uids.uidOf('beta');
    expect(other).not.toBe(first);
    await uids.release('alpha');
    expect(existsSync(join(table, String(first)))).toBe(false);
    expect(existsSync(join(workDir, 'alpha', '.uid'))).toBe(false);
    // The freed number serves the next new function; beta keeps its own.
    expect(await uids.uidOf('gamma')).toBe(first);
    expect(await uids.uidOf('beta')).toBe(other);
  });

  it('reclaims the uids of a stack whose work folder is gone, never those of a live one', async () => {
    const table = join(root, 'reclaim');
    const gone = await stack('stack-gone');
    const live = await stack('stack-live');
    const old = await new UidTable(table, gone).uidOf('old');
    const kept = await new UidTable(table, live).uidOf('kept');
    await rm(gone, { recursive: true });
    const fresh = new UidTable(table, live);
    expect(await fresh.uidOf('new')).toBe(old);
    expect(await fresh.uidOf('kept')).toBe(kept);
  });

  it('never hands one reclaimed uid to two functions when processes reclaim at once', async () => {
    const table = join(root, 'reclaim-race');
    const gone = await stack('stack-gone-2');
    await Promise.all(Array.from({ length: 10 }, (_, i) => new UidTable(table, gone).uidOf(`old-${i}`)));
    await rm(gone, { recursive: true });
    const live = await stack('stack-live-2');
    const racers = [new UidTable(table, live), new UidTable(table, live), new UidTable(table, await stack('stack-3'))];
    const got = await Promise.all(
      racers.flatMap((t, r) =>
        Array.from({ length: 10 }, async (_, i) => `${await t.uidOf(`new-${r === 2 ? 'b' : 'a'}-${i}`)}`),
      ),
    );
    // 20 functions (the first two racers are one stack), 20 uids.
    expect(new Set(got).size).toBe(20);
  });
});
