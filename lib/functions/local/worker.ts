// One warm worker: a child process running a function's runner, answering one request at a time
// over the line protocol (runners/protocol.ts). A call that outlives its timeout kills the process;
// a crash or kill leaves the worker dead and the invoker starts a fresh one for the next call.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import type { Logger } from '../../log';
import { functionBadOutput, functionCrashed, functionFailed, functionTimedOut } from '../failures';
import type { FunctionRequest } from '../ports';
import type { WorkerMessage } from '../runners/protocol';
import type { Launch } from './toolchains';

/** Lines of user output logged per call; the rest are counted. */
const OUTPUT_LINES_PER_CALL = 100;
const OUTPUT_LINE_MAX = 1000;
/** The largest reply line accepted (Lambda's own response bound is 6 MB). */
export const REPLY_MAX_BYTES = 6 * 1024 * 1024;

interface Pending {
  id: number;
  resolve(body: unknown): void;
  reject(error: Error): void;
}

export class Worker {
  private readonly child: ChildProcess;
  private readonly started: Promise<void>;
  private pending: Pending | undefined;
  private nextId = 1;
  private alive = true;
  private log: Logger;
  private outputLines = 0;

  constructor(
    launch: Launch,
    cwd: string,
    private readonly shortname: string,
    baseLog: Logger,
  ) {
    this.log = baseLog;
    // One descriptor carries the replies (fd 3 unless the launch says 1); the others are the function's own output.
    const replyFd = launch.replyFd ?? 3;
    this.child = spawn(launch.command, launch.args, { cwd, env: launch.env, stdio: ['pipe', 'pipe', 'pipe', replyFd === 3 ? 'pipe' : 'ignore'] });
    if (replyFd !== 1) this.capture(this.child.stdout!, 'stdout');
    this.capture(this.child.stderr!, 'stderr');
    // Writing to a worker that just died must not crash the service.
    this.child.stdin!.on('error', () => undefined);
    this.started = new Promise((resolve, reject) => {
      const replies = createInterface({ input: this.child.stdio[replyFd] as Readable, crlfDelay: Infinity });
      replies.on('line', (line) => this.onReply(line, resolve, reject));
      this.child.once('exit', (code, signal) => {
        this.alive = false;
        const how = signal ? `the process was ended by ${signal}` : `the process exited with code ${code}`;
        const error = functionCrashed(this.shortname, how);
        reject(error);
        this.pending?.reject(error);
        this.pending = undefined;
      });
    });
    // A worker that fails to start is reported to the call that waits for it.
    this.started.catch(() => undefined);
  }

  get usable(): boolean {
    return this.alive;
  }

  /** Runs one request; the timeout counts start-up too, so a cold call has the same bound. */
  async call(request: FunctionRequest, timeoutMs: number, log: Logger, signal?: AbortSignal): Promise<unknown> {
    this.log = log;
    this.outputLines = 0;
    let timer: NodeJS.Timeout | undefined;
    const stop = () => this.kill();
    signal?.addEventListener('abort', stop, { once: true });
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        this.kill();
        reject(functionTimedOut(this.shortname, timeoutMs));
      }, timeoutMs);
    });
    try {
      return await Promise.race([this.send(request), deadline]);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', stop);
    }
  }

  kill(): void {
    if (this.alive) this.child.kill('SIGKILL');
    this.alive = false;
  }

  private async send(request: FunctionRequest): Promise<unknown> {
    await this.started;
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending = { id, resolve, reject };
      this.child.stdin!.write(`${JSON.stringify({ id, request })}\n`);
    });
  }

  private onReply(line: string, started: () => void, failedToStart: (e: Error) => void): void {
    if (line.length > REPLY_MAX_BYTES) {
      this.pending?.reject(functionBadOutput(this.shortname, `the response is larger than ${REPLY_MAX_BYTES} bytes`));
      this.pending = undefined;
      return;
    }
    let message: WorkerMessage;
    try {
      message = JSON.parse(line) as WorkerMessage;
    } catch {
      return;
    }
    if ('ready' in message) return started();
    if ('fatal' in message) return failedToStart(functionCrashed(this.shortname, `it could not be loaded: ${message.fatal}`));
    const pending = this.pending;
    if (!pending || pending.id !== message.id) return;
    this.pending = undefined;
    if (message.ok) pending.resolve(message.body);
    else pending.reject(functionFailed(this.shortname, message.error));
  }

  private capture(stream: Readable, name: 'stdout' | 'stderr'): void {
    createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
      this.outputLines += 1;
      if (this.outputLines > OUTPUT_LINES_PER_CALL) return;
      const text = line.length > OUTPUT_LINE_MAX ? `${line.slice(0, OUTPUT_LINE_MAX)}…` : line;
      const suffix = this.outputLines === OUTPUT_LINES_PER_CALL ? ' (further output of this call is not logged)' : '';
      this.log.info('function output', { function: this.shortname, stream: name, text: text + suffix });
    });
  }
}
