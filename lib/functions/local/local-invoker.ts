// FunctionInvoker that runs functions on this host (stage `local`): each version is unpacked (and
// built) once into the work folder, then served by one warm worker process that answers calls in
// turn. Deploy prepares eagerly, so a bundle that does not build is refused at deploy time.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { BlobStore } from '../../ingest/ports';
import type { Logger } from '../../log';
import { BUNDLE_MAX_BYTES, readBundle } from '../bundle';
import { functionCrashed } from '../failures';
import { entryFileOf, familyOf } from '../languages';
import { registryKey, type FunctionInvoker, type FunctionRecord, type FunctionRequest, type InvokeOptions, type InvokeResult } from '../ports';
import { toolchainFor, type Launch, type Prepared } from './toolchains';
import { Worker } from './worker';

export interface LocalInvokerOptions {
  blobs: BlobStore;
  workDir: string;
  memoryMb: number;
  log: Logger;
  /** A worker idle this long is stopped; the next call starts a fresh one. */
  idleMs?: number;
}

interface Slot {
  worker?: Worker;
  /** Calls to one version run one after another on its worker. */
  turn: Promise<unknown>;
  idle?: NodeJS.Timeout;
}

interface Runnable extends Prepared {
  launch(memoryMb: number): Launch;
}

/** Written last into a prepared version's folder; holds the entry file's name. */
const READY_MARK = '.ready';

const versionDir = (fn: FunctionRecord) => join(registryKey(fn.shortname), `v${fn.version}-${fn.codeSha256.slice(0, 12)}`);

export class LocalInvoker implements FunctionInvoker {
  private readonly prepared = new Map<string, Promise<Runnable>>();
  private readonly slots = new Map<string, Slot>();

  constructor(private readonly options: LocalInvokerOptions) {
    process.once('exit', () => this.stopAll());
  }

  async deploy(fn: FunctionRecord, code: Uint8Array): Promise<void> {
    await this.prepare(fn, code);
    // Older versions of the same function are no longer served.
    for (const key of this.slots.keys()) {
      if (dirname(key) === registryKey(fn.shortname) && key !== versionDir(fn)) this.stop(key);
    }
  }

  async remove(fn: FunctionRecord): Promise<void> {
    for (const key of this.slots.keys()) if (dirname(key) === registryKey(fn.shortname)) this.stop(key);
    for (const key of this.prepared.keys()) if (dirname(key) === registryKey(fn.shortname)) this.prepared.delete(key);
    await rm(join(this.options.workDir, registryKey(fn.shortname)), { recursive: true, force: true });
  }

  async invoke(fn: FunctionRecord, request: FunctionRequest, options: InvokeOptions): Promise<InvokeResult> {
    const prepared = await this.prepare(fn);
    const key = versionDir(fn);
    const slot = this.slots.get(key) ?? { turn: Promise.resolve() };
    this.slots.set(key, slot);
    const call = slot.turn.then(() => {
      clearTimeout(slot.idle);
      if (!slot.worker?.usable) slot.worker = this.start(prepared);
      return slot.worker.call(request, options.timeoutMs, options.log, options.signal);
    });
    slot.turn = call.catch(() => undefined).then(() => {
      slot.idle = setTimeout(() => this.stop(key), this.options.idleMs ?? 300_000).unref();
    });
    return { body: await call };
  }

  /** Stops every worker (tests, benchmarks, process exit). */
  stopAll(): void {
    for (const key of this.slots.keys()) this.stop(key);
  }

  private stop(key: string): void {
    const slot = this.slots.get(key);
    clearTimeout(slot?.idle);
    slot?.worker?.kill();
    this.slots.delete(key);
  }

  private start(p: Runnable): Worker {
    return new Worker(p.launch(this.options.memoryMb), p.codeDir, p.fn.shortname, this.options.log);
  }

  private prepare(fn: FunctionRecord, code?: Uint8Array): Promise<Runnable> {
    const key = versionDir(fn);
    let pending = this.prepared.get(key);
    if (!pending) {
      pending = this.unpack(fn, key, code);
      this.prepared.set(key, pending);
      // A failed preparation is retried by the next call rather than remembered.
      pending.catch(() => this.prepared.delete(key));
    }
    return pending;
  }

  private async unpack(fn: FunctionRecord, key: string, code?: Uint8Array): Promise<Runnable> {
    const dir = join(this.options.workDir, key);
    const toolchain = await toolchainFor(familyOf(fn.runtime), fn);
    const at = (root: string, entryFile: string): Prepared =>
      ({ fn, codeDir: join(root, 'code'), runnerDir: join(root, 'runner'), homeDir: join(root, 'home'), entryFile });
    if (!existsSync(join(dir, READY_MARK))) {
      const bytes = code ?? (await this.options.blobs.get(fn.codeKey, BUNDLE_MAX_BYTES));
      if (!bytes) throw functionCrashed(fn.shortname, 'its code is missing from storage; deploy it again');
      const files = readBundle(bytes);
      // Built in a private folder and renamed into place, so a half-built version is never used.
      const staging = `${dir}.staging-${randomBytes(4).toString('hex')}`;
      const p = at(staging, entryFileOf(files, fn.runtime));
      try {
        for (const [path, content] of files) {
          await mkdir(dirname(join(p.codeDir, path)), { recursive: true });
          await writeFile(join(p.codeDir, path), content);
        }
        await mkdir(p.runnerDir, { recursive: true });
        await mkdir(p.homeDir, { recursive: true });
        await writeFile(join(p.runnerDir, toolchain.runner.fileName), toolchain.runner.source);
        await toolchain.build?.(p, this.options.workDir);
        await writeFile(join(staging, READY_MARK), p.entryFile);
        await rename(staging, dir).catch((e: NodeJS.ErrnoException) => {
          // Another process prepared the same version meanwhile: theirs is as good as ours.
          if (!existsSync(join(dir, READY_MARK))) throw e;
        });
      } finally {
        await rm(staging, { recursive: true, force: true });
      }
    }
    const p = at(dir, await readFile(join(dir, READY_MARK), 'utf8'));
    return { ...p, launch: (memoryMb) => toolchain.launch(p, memoryMb) };
  }
}
