// One warm worker: a confined child process running a function's runner, answering one request at a
// time over the line protocol (runners/protocol.ts). A call that outlives its timeout kills the
// process (with the sandbox, its whole PID namespace); a crash or kill leaves the worker dead and
// the invoker starts a fresh one for the next call. When a call ends, whatever else the function
// started is killed (sweep.ts): the worker stays warm, nothing runs between calls. What the function
// prints goes to its own log.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import {
  FUNCTION_REPLY_MAX_BYTES,
  functionBadOutput,
  functionCrashed,
  functionFailed,
  functionTimedOut,
} from '../failures';
import type { FunctionRequest } from '../ports';
import type { WorkerMessage } from '../runners/protocol';
import type { WorkerGroup } from './cgroups';
import type { FunctionLog } from './function-logs';
import type { Spawnable } from './sandbox';
import { descendantsOf, sweepLeftovers } from './sweep';

/** Lines of user output kept per call; the rest are dropped with a note. */
const OUTPUT_LINES_PER_CALL = 100;
const OUTPUT_LINE_MAX = 1000;
/** A printed line longer than this ends the worker before the service holds it all in memory. */
const OUTPUT_LINE_BOUND = 1024 * 1024;

/** Where the worker's processes are: its cgroup (if any), and whether its outer process is a sandbox's (sweep.ts). */
export interface Placement {
  group?: WorkerGroup;
  pidNamespace: boolean;
}

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
  private outputLines = 0;

  constructor(
    command: Spawnable,
    replyFd: 1 | 3,
    private readonly shortname: string,
    private readonly output: FunctionLog,
    private readonly placement: Placement = { pidNamespace: false },
  ) {
    // One descriptor carries the replies (fd 3 unless the launch says 1); the others are the function's own output.
    this.child = spawn(command.command, command.args, {
      cwd: command.cwd,
      env: command.env,
      stdio: ['pipe', 'pipe', 'pipe', replyFd === 3 ? 'pipe' : 'ignore'],
      // Its own process group: unconfined, a kill reaches the children it started too.
      detached: true,
    });
    if (replyFd !== 1) this.capture(this.child.stdout!, 'stdout');
    this.capture(this.child.stderr!, 'stderr');
    this.bound(this.child.stdio[replyFd] as Readable, FUNCTION_REPLY_MAX_BYTES, () =>
      functionBadOutput(this.shortname, `the response is larger than ${FUNCTION_REPLY_MAX_BYTES} bytes`),
    );
    // Writing to a worker that just died must not crash the service.
    this.child.stdin!.on('error', () => undefined);
    this.started = new Promise((resolve, reject) => {
      const replies = createInterface({ input: this.child.stdio[replyFd] as Readable, crlfDelay: Infinity });
      replies.on('line', (line) => this.onReply(line, resolve, reject));
      this.child.once('exit', (code, signal) => {
        this.alive = false;
        // The group outlives its outer process when something escaped the tree: it ends them and goes.
        void this.placement.group?.destroy();
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
  async call(request: FunctionRequest, timeoutMs: number, signal?: AbortSignal): Promise<unknown> {
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
      await this.endLeftovers();
    }
  }

  /** Kills every process of the worker's but its own; a worker that cannot be swept is ended whole. */
  private async endLeftovers(): Promise<void> {
    const root = this.child.pid;
    if (!this.alive || !root) return;
    const group = this.placement.group;
    const members = group ? () => group.members() : () => descendantsOf(root);
    const clean = await sweepLeftovers(members, root, this.placement.pidNamespace).catch(() => false);
    if (!clean) this.kill();
  }

  kill(): void {
    if (this.alive && this.child.pid) {
      try {
        process.kill(-this.child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    this.alive = false;
    void this.placement.group?.destroy();
  }

  private async send(request: FunctionRequest): Promise<unknown> {
    await this.started;
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending = { id, resolve, reject };
      this.child.stdin!.write(`${JSON.stringify({ id, request })}\n`);
    });
  }

  /** Ends the worker when an unfinished line of `stream` outgrows `max` bytes, before the service buffers it all. */
  private bound(stream: Readable, max: number, error: () => Error): void {
    let open = 0;
    stream.on('data', (chunk: Buffer) => {
      const newline = chunk.lastIndexOf(10);
      open = newline === -1 ? open + chunk.length : chunk.length - newline - 1;
      if (open <= max) return;
      this.pending?.reject(error());
      this.pending = undefined;
      this.kill();
    });
  }

  private onReply(line: string, started: () => void, failedToStart: (e: Error) => void): void {
    let message: WorkerMessage;
    try {
      message = JSON.parse(line) as WorkerMessage;
    } catch {
      return;
    }
    if ('ready' in message) return started();
    if ('fatal' in message)
      return failedToStart(functionCrashed(this.shortname, `it could not be loaded: ${message.fatal}`));
    const pending = this.pending;
    if (!pending || pending.id !== message.id) return;
    this.pending = undefined;
    if (message.ok) pending.resolve(message.body);
    else pending.reject(functionFailed(this.shortname, message.error));
  }

  private capture(stream: Readable, name: 'stdout' | 'stderr'): void {
    this.bound(stream, OUTPUT_LINE_BOUND, () =>
      functionCrashed(this.shortname, `it printed a line longer than ${OUTPUT_LINE_BOUND} bytes`),
    );
    createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
      this.outputLines += 1;
      if (this.outputLines > OUTPUT_LINES_PER_CALL) return;
      const text = line.length > OUTPUT_LINE_MAX ? `${line.slice(0, OUTPUT_LINE_MAX)}…` : line;
      const suffix = this.outputLines === OUTPUT_LINES_PER_CALL ? ' (further output of this call is not kept)' : '';
      this.output.append({ stream: name, text: text + suffix });
    });
  }
}
