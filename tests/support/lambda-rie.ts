// A Lambda zip run the way Lambda runs it: AWS's Runtime Interface Emulator (RIE) starts the language's
// runtime interface client, which loads the handler and takes invocations from the RIE's Runtime API.
//
//   const lambda = await runUnderRie({ code: 'health.zip', handler: 'handlers/http/health.handler',
//                                      runtime: 'nodejs', env: { … }, reach: [s3Port] });
//   const { payload, functionError } = await lambda.invoke(apiGatewayEvent);
//   lambda.initDurationsMs();  // from the RIE's INIT REPORT lines, one per cold start
//   await lambda.stop();
//
// `code` is a zip or a folder; it becomes the task root. `runtime` picks the client that boots it:
//   nodejs  aws-lambda-ric (npm)          python  awslambdaric (PyPI)
//   java    aws-lambda-java-runtime-interface-client (Maven Central; classes or jars in the task root)
//   ruby    our Runtime API loop (ruby-bootstrap.rb; the gem is on RubyGems, unreachable here)
//   provided  the zip's own `bootstrap` (custom runtimes, e.g. Go)
//   { command: [...] }  any other command, run in the task root with the handler as its last argument
// The clients, and the RIE built from its Go module, come from lambda-runtimes/install.sh (cached).
//
// The filesystem is Lambda's shape, built by bubblewrap: the task root read-only at /var/task, the client at
// /var/runtime, the system's /usr (Node, Python, Ruby, Java) read-only, a fresh writable /tmp and nothing else
// writable; the process runs as an unprivileged uid in its own network namespace, which has loopback only.
// `reach` lists host ports on 127.0.0.1 (the emulators) forwarded into it through Unix sockets, so the
// Lambda's SDK clients can be pointed at them; nothing else is reachable. `env` is the Lambda's whole
// environment besides what Lambda itself sets (handler, task root, runtime API, region, credentials).
// `invoke` reports a function error when the reply is Lambda's error object ({errorType, errorMessage}), as the
// RIE answers 200 either way.
// What differs from Lambda: this machine's Node (20), Python, Ruby and Java instead of the managed runtimes'
// versions, no memory limit and no freeze between invocations; an invocation ends at `timeoutSeconds` like
// Lambda's. docs/lambda-runtime.md has the rest.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createConnection, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { unzipSync } from 'fflate';
import { ensureDebianPrograms } from './debian-packages';

const HERE = join(dirname(fileURLToPath(import.meta.url)), 'lambda-runtimes');
/** Inside the sandbox: the RIE's invocation port (its default). */
const INVOKE_PORT = 8080;
/** Lambda's sandbox user and group. */
const LAMBDA_UID = 993;
const LAMBDA_GID = 990;

export type RieRuntime = 'nodejs' | 'python' | 'java' | 'ruby' | 'provided' | { command: string[] };

export interface RieOptions {
  /** A zip file or a folder: the task root. */
  code: string;
  /** The Lambda `Handler` setting, as the template or CreateFunction gives it. */
  handler: string;
  runtime: RieRuntime;
  env?: Record<string, string>;
  /** Host ports on 127.0.0.1 the Lambda may connect to (same port number inside). */
  reach?: number[];
  timeoutSeconds?: number;
  memoryMb?: number;
  functionName?: string;
  /** A folder mounted read-only at /opt: the function's layer (e.g. PHP's, with bin/php). */
  opt?: string;
}

export interface RieInvocation {
  /** The parsed reply, or the text when it is not JSON. */
  payload: unknown;
  /** Set when the handler threw or the runtime failed: the error's type. */
  functionError?: string;
  status: number;
}

export interface RieLambda {
  invoke(event: unknown): Promise<RieInvocation>;
  /** Everything the RIE, the client and the handler printed so far. */
  output(): string;
  /** The init phase of each cold start (the RIE's INIT REPORT), in ms. */
  initDurationsMs(): number[];
  stop(): Promise<void>;
}

export interface LambdaRuntimes {
  rie: string;
  nodeRic: string;
  pythonRic: string;
  /** Folder of the Java client's jars. */
  javaRic: string;
}
/** What install.sh builds with, by the program that shows it is there. */
const BUILD_TOOLS = [
  { programs: ['bwrap'], pkg: 'bubblewrap' },
  { programs: ['go'], pkg: 'golang-go' },
  { programs: ['cmake'], pkg: 'cmake' },
  { programs: ['g++'], pkg: 'g++' },
  { programs: ['make'], pkg: 'make' },
  { programs: ['autoreconf'], pkg: 'autoconf' },
  { programs: ['automake'], pkg: 'automake' },
  { programs: ['libtoolize'], pkg: 'libtool' },
  { programs: ['pip3'], pkg: 'python3-pip' },
  { programs: ['ruby'], pkg: 'ruby' },
  { programs: ['mvn'], pkg: 'maven' },
];
let runtimes: Promise<LambdaRuntimes> | undefined;

/** Builds or finds the RIE and the runtime interface clients (minutes the first time on a machine). */
export function lambdaRuntimes(): Promise<LambdaRuntimes> {
  runtimes ??= (async () => {
    const missing = await ensureDebianPrograms(BUILD_TOOLS);
    if (missing) throw new Error(`the Lambda runtimes cannot be built here: ${missing}`);
    const { stdout } = await promisify(execFile)('bash', [join(HERE, 'install.sh')], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    return JSON.parse(stdout.trim().split('\n').pop()!) as LambdaRuntimes;
  })();
  return runtimes;
}

interface RuntimeStart {
  command: string[];
  /** [host path, sandbox path] mounted read-only. */
  mounts: [string, string][];
  env: Record<string, string>;
}

function runtimeOf(runtime: RieRuntime, handler: string, installed: LambdaRuntimes): RuntimeStart {
  if (typeof runtime === 'object') return { command: [...runtime.command, handler], mounts: [], env: {} };
  switch (runtime) {
    case 'nodejs':
      return {
        command: ['/usr/bin/node', '/var/runtime/node_modules/aws-lambda-ric/bin/index.mjs', handler],
        mounts: [[installed.nodeRic, '/var/runtime/node_modules']],
        env: { NODE_PATH: '/var/runtime/node_modules:/var/runtime:/var/task', AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs' },
      };
    case 'python':
      return {
        command: ['/usr/bin/python3', '-m', 'awslambdaric', handler],
        mounts: [[installed.pythonRic, '/var/runtime']],
        env: { PYTHONPATH: '/var/runtime', AWS_EXECUTION_ENV: 'AWS_Lambda_python' },
      };
    case 'java':
      // Lambda's Java runtimes start the JVM with tiered compilation stopped at C1, for short cold starts.
      return {
        command: [
          ...['/usr/bin/java', '-XX:+TieredCompilation', '-XX:TieredStopAtLevel=1'],
          ...['-cp', '/var/runtime/lib/*:/var/task:/var/task/lib/*'],
          ...['com.amazonaws.services.lambda.runtime.api.client.AWSLambda', handler],
        ],
        mounts: [[installed.javaRic, '/var/runtime/lib']],
        env: { AWS_EXECUTION_ENV: 'AWS_Lambda_java' },
      };
    case 'ruby':
      return {
        command: ['/usr/bin/ruby', '/var/runtime/ruby-bootstrap.rb', handler],
        mounts: [[join(HERE, 'ruby-bootstrap.rb'), '/var/runtime/ruby-bootstrap.rb']],
        env: { AWS_EXECUTION_ENV: 'AWS_Lambda_ruby' },
      };
    case 'provided':
      return { command: ['/var/task/bootstrap', handler], mounts: [], env: {} };
  }
}

/** The task root on the host: the folder itself, or the zip unpacked (with `bootstrap` executable). */
function taskRoot(code: string, scratch: string): string {
  if (statSync(code).isDirectory()) return code;
  const root = join(scratch, 'task');
  for (const [name, bytes] of Object.entries(unzipSync(readFileSync(code)))) {
    if (name.endsWith('/')) continue;
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), bytes);
  }
  if (existsSync(join(root, 'bootstrap'))) chmodSync(join(root, 'bootstrap'), 0o755);
  return root;
}

function bridgeOut(bridge: string, port: number): Server {
  const server = createServer((socket) => {
    const upstream = createConnection(port, '127.0.0.1');
    socket.pipe(upstream).pipe(socket);
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  server.listen(join(bridge, `out-${port}.sock`));
  return server;
}

export async function runUnderRie(options: RieOptions): Promise<RieLambda> {
  const installed = await lambdaRuntimes();
  const scratch = mkdtempSync(join(tmpdir(), 'fnq-rie-'));
  const bridge = join(scratch, 'bridge');
  mkdirSync(bridge);
  chmodSync(scratch, 0o755);
  chmodSync(bridge, 0o777); // the sandbox's uid creates the invocation socket here
  const task = taskRoot(options.code, scratch);
  const reach = [...new Set(options.reach ?? [])];
  const servers = reach.map((port) => bridgeOut(bridge, port));
  const runtime = runtimeOf(options.runtime, options.handler, installed);

  const env: Record<string, string> = {
    PATH: '/var/lang/bin:/usr/local/bin:/usr/bin:/bin',
    LANG: 'en_US.UTF-8',
    TZ: ':UTC',
    HOME: '/tmp',
    LAMBDA_TASK_ROOT: '/var/task',
    LAMBDA_RUNTIME_DIR: '/var/runtime',
    AWS_REGION: 'us-east-1',
    AWS_DEFAULT_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_LAMBDA_FUNCTION_NAME: options.functionName ?? 'function',
    AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(options.memoryMb ?? 1024),
    AWS_LAMBDA_FUNCTION_TIMEOUT: String(options.timeoutSeconds ?? 30),
    AWS_LAMBDA_FUNCTION_HANDLER: options.handler,
    ...runtime.env,
    ...options.env,
  };
  const args = [
    ...['--unshare-user', '--uid', String(LAMBDA_UID), '--gid', String(LAMBDA_GID)],
    ...['--unshare-net', '--unshare-ipc', '--unshare-pid', '--unshare-uts', '--unshare-cgroup-try'],
    ...['--die-with-parent', '--new-session', '--clearenv'],
    ...['--ro-bind', '/usr', '/usr', '--ro-bind', '/etc', '/etc'],
    ...['--symlink', 'usr/bin', '/bin', '--symlink', 'usr/lib', '/lib', '--symlink', 'usr/lib64', '/lib64'],
    ...['--proc', '/proc', '--dev', '/dev', '--tmpfs', '/tmp'],
    ...['--ro-bind', task, '/var/task'],
    ...runtime.mounts.flatMap(([from, to]) => ['--ro-bind', from, to]),
    ...(options.opt ? ['--ro-bind', options.opt, '/opt'] : []),
    ...['--ro-bind', installed.rie, '/var/rie/aws-lambda-rie'],
    ...['--ro-bind', join(HERE, 'sandbox-init.mjs'), '/var/rie/sandbox-init.mjs'],
    ...['--bind', bridge, '/var/rie/bridge'],
    ...Object.entries(env).flatMap(([k, v]) => ['--setenv', k, v]),
    ...['--remount-ro', '/', '--chdir', '/var/task'],
    ...['/usr/bin/node', '/var/rie/sandbox-init.mjs', String(INVOKE_PORT), reach.join(','), '--'],
    ...['/var/rie/aws-lambda-rie', '--log-level', 'info'],
    ...['--runtime-interface-emulator-address', `127.0.0.1:${INVOKE_PORT}`],
    ...runtime.command,
  ];
  const child: ChildProcess = spawn('bwrap', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const timeoutMs = ((options.timeoutSeconds ?? 30) + 30) * 1000;
  const post = (body: string) =>
    new Promise<RieInvocation>((resolve, reject) => {
      const req = request(
        {
          socketPath: join(bridge, 'invoke.sock'),
          path: '/2015-03-31/functions/function/invocations',
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          timeout: timeoutMs,
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (d: string) => (text += d));
          res.on('end', () => resolve(reply(res.statusCode ?? 0, text)));
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`no reply in ${timeoutMs} ms`)));
      req.on('error', reject);
      req.end(body);
    });

  return {
    async invoke(event) {
      const body = JSON.stringify(event);
      // The RIE and the bridge start with the sandbox; until they listen, a connection is refused or reset.
      const deadline = Date.now() + 20_000;
      for (;;) {
        try {
          return await post(body);
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          const notUp = ['ENOENT', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE'].includes(code ?? '');
          if (!notUp || Date.now() > deadline || child.exitCode !== null)
            throw new Error(`invoking ${options.handler} failed: ${String(error)}\n${output}`);
          await new Promise((r) => setTimeout(r, 50));
        }
      }
    },
    output: () => output,
    // The RIE's REPORT line says `Init Duration` ~0; its own INIT REPORT line has the real figure.
    initDurationsMs: () => [...output.matchAll(/INIT REPORT\(durationMs: ([\d.]+)\)/g)].map((m) => Number(m[1])),
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}

/** The RIE answers the handler's result, or Lambda's error object ({errorType, errorMessage}). */
function reply(status: number, text: string): RieInvocation {
  let payload: unknown = text;
  try {
    payload = JSON.parse(text);
  } catch {
    // not JSON: kept as text
  }
  const error = payload as { errorType?: unknown; errorMessage?: unknown } | null;
  const isError =
    status !== 200 || (!!error && typeof error === 'object' && 'errorType' in error && 'errorMessage' in error);
  return { payload, status, ...(isError ? { functionError: String(error?.errorType ?? 'Unhandled') } : {}) };
}
