// Validation of values against function authors' schemas, off the event loop and under a deadline.
// A schema can make a check cost minutes (nested `anyOf` over a recursive `$ref`, a pattern RE2
// cannot read); the check runs in a worker thread, and one that passes its deadline ends with its
// thread, so the service keeps answering everyone else. Workers are made on demand up to a few at
// once: a stalled check occupies one of them, never the queue of all calls.
import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import type { ErrorObject } from 'ajv/dist/2020';
import { VALIDATION_WORKER_SCRIPT } from './generated/validation-worker';
import type { SpecValidation } from './validate';
import type { Work, WorkReply, WorkRequest } from './validation-messages';

/** Past it, a check is given up (the caller answers 422 or 502, see docs/spec.md). */
export const VALIDATION_DEADLINE_MS = 1000;
/** A whole spec compiles its schemas as well: a cold worker needs more than a call's check. */
export const SPEC_DEADLINE_MS = 5000;
/** Workers alive at once; more checks wait for one. */
const MAX_WORKERS = 4;
/** Heap a worker may use: a 5 MB body and its errors fit many times over. */
const WORKER_HEAP_MB = 128;
/** Errors reported per check: enough to fix a request, bounded whatever the body. */
export const MAX_REPORTED_ERRORS = 20;

export class ValidationBudgetExceeded extends Error {
  constructor(readonly reason: 'deadline' | 'memory' | 'worker') {
    super(`schema validation stopped: ${reason}`);
    this.name = 'ValidationBudgetExceeded';
  }
}

interface Task {
  /** A check's schema travels apart: a worker that has compiled it gets only its key. */
  work: Work;
  schema?: object;
  deadlineMs: number;
  resolve(reply: WorkReply): void;
  reject(error: Error): void;
}

class PooledWorker {
  readonly known = new Set<string>();
  readonly thread = new Worker(VALIDATION_WORKER_SCRIPT, {
    eval: true,
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  });
  task?: Task;
  deadline?: NodeJS.Timeout;
}

const schemaKeys = new WeakMap<object, string>();
function keyOf(schema: object): string {
  let key = schemaKeys.get(schema);
  if (!key) {
    key = createHash('sha256').update(JSON.stringify(schema)).digest('base64');
    schemaKeys.set(schema, key);
  }
  return key;
}

class ValidationPool {
  private readonly idle: PooledWorker[] = [];
  private readonly busy = new Set<PooledWorker>();
  private readonly queue: Task[] = [];
  private nextId = 1;

  run(work: Work, deadlineMs: number, schema?: object): Promise<WorkReply> {
    return new Promise((resolve, reject) => {
      this.queue.push({ work, schema, deadlineMs, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const worker = this.idle.pop() ?? (this.busy.size < MAX_WORKERS ? this.spawn() : undefined);
      if (!worker) return;
      this.start(worker, this.queue.shift()!);
    }
    // One started worker always waits spare, so a check that stalls its worker never makes the
    // next caller wait for a thread to start.
    if (this.idle.length === 0 && this.busy.size < MAX_WORKERS) this.idle.push(this.spawn());
  }

  private spawn(): PooledWorker {
    const worker = new PooledWorker();
    // An idle worker never keeps a process (a test, a Lambda's runtime) alive.
    worker.thread.unref();
    worker.thread.on('error', (e) => this.retire(worker, isOutOfMemory(e) ? 'memory' : 'worker'));
    worker.thread.on('exit', () => this.retire(worker, 'worker'));
    return worker;
  }

  private start(worker: PooledWorker, task: Task): void {
    this.busy.add(worker);
    worker.task = task;
    const id = this.nextId++;
    const key = task.work.kind === 'check' ? task.work.key : undefined;
    const withSchema = key !== undefined && !worker.known.has(key) && { schema: task.schema };
    worker.deadline = setTimeout(() => this.retire(worker, 'deadline'), task.deadlineMs);
    const onReply = (reply: WorkReply) => {
      if (reply.id !== id) return;
      this.release(worker, onReply);
      if (key !== undefined) worker.known.add(key);
      if ('failure' in reply) task.reject(new Error(`schema validation failed: ${reply.failure}`));
      else task.resolve(reply);
      this.dispatch();
    };
    worker.thread.on('message', onReply);
    try {
      worker.thread.postMessage({ id, ...task.work, ...withSchema } satisfies WorkRequest);
    } catch (e) {
      // A value that cannot cross to the worker (a function, a symbol) never came from JSON.
      this.release(worker, onReply);
      task.reject(e as Error);
    }
  }

  private release(worker: PooledWorker, onReply: (reply: WorkReply) => void): void {
    clearTimeout(worker.deadline);
    worker.thread.off('message', onReply);
    worker.task = undefined;
    this.busy.delete(worker);
    this.idle.push(worker);
  }

  /** Ends a worker whose check failed or overran; its task fails with the reason. */
  private retire(worker: PooledWorker, reason: ValidationBudgetExceeded['reason']): void {
    const wasKnown = this.busy.delete(worker) || this.idle.includes(worker);
    const at = this.idle.indexOf(worker);
    if (at >= 0) this.idle.splice(at, 1);
    clearTimeout(worker.deadline);
    const task = worker.task;
    worker.task = undefined;
    if (wasKnown) void worker.thread.terminate();
    task?.reject(new ValidationBudgetExceeded(reason));
    this.dispatch();
  }
}

const isOutOfMemory = (e: unknown) => (e as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';

let pool: ValidationPool | undefined;
const thePool = () => (pool ??= new ValidationPool());

/**
 * Ajv's errors of `value` against `schema` (at most MAX_REPORTED_ERRORS), checked in a worker
 * thread; rejects with ValidationBudgetExceeded when the check passes `deadlineMs` or its heap.
 */
export async function checkAgainstSchema(
  schema: object,
  value: unknown,
  deadlineMs = VALIDATION_DEADLINE_MS,
): Promise<ErrorObject[]> {
  const work = { kind: 'check' as const, key: keyOf(schema), value, maxErrors: MAX_REPORTED_ERRORS };
  const reply = await thePool().run(work, deadlineMs, schema);
  return 'errors' in reply ? reply.errors : [];
}

/**
 * validateSpecText in a worker thread (a deploy: the examples are checked against the author's
 * schemas); rejects with ValidationBudgetExceeded past `deadlineMs` or the heap.
 */
export async function validateSpecTextGuarded(text: string, deadlineMs = SPEC_DEADLINE_MS): Promise<SpecValidation> {
  const reply = await thePool().run({ kind: 'spec', text }, deadlineMs);
  if (!('spec' in reply)) throw new Error('the validation worker answered a spec with something else');
  return reply.spec;
}
