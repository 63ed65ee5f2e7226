// The whole service on one machine: emulators in-process, serverless offline as a child process
// (its own process group, so stopping it leaves no orphans), SQS delivery to queue handlers, and
// S3 object-created events forwarded to the queue as the deployed bucket notification would.
import { emulatorCredentials } from '../lib/aws/emulator';
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { freePort, startEmulators, type Emulators } from './emulators';
import {
  loadServerless,
  matchesFilter,
  PROJECT_ROOT,
  queueConsumers,
  s3NotificationFilters,
} from './serverless-config';
import { endOrphanedOffline, forgetOffline, recordOffline } from './offline-pid';
import { startQueuePoller } from './queue-poller';
import { localJwtSecret } from './secret';

export interface LocalStack {
  url: string;
  lambdaPort: number;
  secret: string;
  emulators: Emulators;
  /** Serverless offline's process id (the leader of its own process group). */
  offlinePid: number;
  stop(): Promise<void>;
}

export interface LocalStackOptions {
  port: number;
  dataDir: string;
  /** Receives serverless offline's output and the stack's own notes. */
  log: (line: string) => void;
  /** Extra environment for the handlers (tests point the AI platform at a fake server). */
  env?: Record<string, string>;
  /** What the stack is doing, as it starts: one short line per step, and a heartbeat while it waits. */
  step?: (line: string) => void;
  /** Aborting stops whatever was started so far; startLocalStack then rejects. */
  signal?: AbortSignal;
  /**
   * Called once when a process the stack started ends on its own after the start (never on stop());
   * without it, the exit goes to `log`.
   */
  onChildExit?: (exit: ChildExit) => void;
}

/** A child of the stack that ended without being told to: which, how, and what it said last. */
export interface ChildExit {
  name: string;
  pid: number;
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Its last lines on stderr (or stdout when it wrote nothing to stderr), oldest first. */
  lastLines: string[];
}

/** How many of a child's last output lines a report of its exit shows. */
const LAST_LINES = 20;

/** How often a waiting step says it is still waiting. */
const HEARTBEAT_MS = 10_000;

const STAGE = 'local';
const credentials = emulatorCredentials;

// serverless-esbuild's lines that tell how far the start is (the rest is noise unless FNQ_VERBOSE).
const OFFLINE_MILESTONES = /compiling|compiled|packag|offline \[http for lambda\]|server ready/i;

interface OfflineProcess {
  child: ChildProcess;
  /** Its last lines of output, stderr's kept apart (what a crash report shows first). */
  lastLines(): string[];
}

function startOffline(
  env: NodeJS.ProcessEnv,
  log: (line: string) => void,
  step: (line: string) => void,
  signal?: AbortSignal,
): Promise<OfflineProcess> {
  const cli = join(PROJECT_ROOT, 'node_modules', 'osls', 'bin', 'serverless.js');
  // Node refuses request headers over 16 KB with a bare 400 before serverless offline sees them; at
  // 128 KB an oversized token reaches the service and gets its 401 envelope (docs/operations.md).
  const child = spawn(process.execPath, ['--max-http-header-size=131072', cli, 'offline', 'start', '--stage', STAGE], {
    cwd: PROJECT_ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lastErr: string[] = [];
  const lastOut: string[] = [];
  const keep = (lines: string[], line: string) => {
    lines.push(stripVTControlCharacters(line));
    if (lines.length > LAST_LINES) lines.shift();
  };
  const offline = { child, lastLines: () => (lastErr.length ? [...lastErr] : [...lastOut]) };
  return new Promise((resolve, reject) => {
    let ready = false;
    const started = Date.now();
    const heartbeat = setInterval(
      () =>
        step(
          `still starting serverless offline (${Math.round((Date.now() - started) / 1000)} s; esbuild bundles every handler on the first start)`,
        ),
      HEARTBEAT_MS,
    );
    const settle = () => {
      clearInterval(heartbeat);
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      settle();
      void stopProcessGroup(child).then(() => reject(new Error('the local stack was stopped while it started')));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    const onLine = (kept: string[]) => (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (!line.trim()) continue;
        keep(kept, line);
        log(line);
        if (!ready && OFFLINE_MILESTONES.test(line))
          step(`serverless offline: ${stripVTControlCharacters(line).trim()}`);
        if (!ready && /Server ready/i.test(line)) {
          ready = true;
          settle();
          resolve(offline);
        }
      }
    };
    child.stdout!.on('data', onLine(lastOut));
    child.stderr!.on('data', onLine(lastErr));
    child.once('exit', (code, exitSignal) => {
      if (ready || signal?.aborted) return;
      settle();
      reject(
        new Error(
          `serverless offline ${exitText(code, exitSignal)} before it was ready; its last lines:\n${offline.lastLines().join('\n')}`,
        ),
      );
    });
  });
}

/** "exited with code 1" or "was killed by SIGKILL". */
export const exitText = (code: number | null, signal: NodeJS.Signals | null) =>
  signal ? `was killed by ${signal}` : `exited with code ${code}`;

const killGroup = (pid: number) => {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    /* the group is empty */
  }
};

function stopProcessGroup(child: ChildProcess): Promise<void> {
  if (!child.pid) return Promise.resolve();
  // The leader has ended (by itself or by a signal): only what it left in its group remains.
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(killGroup(child.pid));
  return new Promise((resolve) => {
    const kill = setTimeout(() => killGroup(child.pid!), 5000);
    child.once('exit', () => {
      clearTimeout(kill);
      // Anything the leader left behind in its group (bundler, workers) goes with it.
      killGroup(child.pid!);
      resolve();
    });
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      clearTimeout(kill);
      resolve();
    }
  });
}

/**
 * Serverless offline's bundles, one folder per stack (its HTTP port is unique while it runs), and
 * never the folder `npm run package` builds in and deletes (serverless.yml, custom.esbuild).
 */
export const offlineBuildDir = (port: number) => join('.esbuild', `offline-${port}`);

export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const step = options.step ?? (() => undefined);
  // What is running so far, stopped in reverse order if the start fails or is aborted.
  const started: (() => Promise<void>)[] = [];
  const stopStarted = async () => {
    for (const stop of started.reverse()) await stop().catch(() => undefined);
  };
  try {
    return await start(options, step, started);
  } catch (e) {
    await stopStarted();
    throw e;
  }
}

async function start(
  options: LocalStackOptions,
  step: (line: string) => void,
  started: (() => Promise<void>)[],
): Promise<LocalStack> {
  const { signal } = options;
  // A serverless offline left by a killed run on this data folder would hold its ports and files.
  await endOrphanedOffline(options.dataDir);
  step('starting the emulators of S3, SQS and DynamoDB');
  const emulators = await startEmulators({ dataDir: options.dataDir, stage: STAGE });
  started.push(() => emulators.stop());
  signal?.throwIfAborted();
  const buildDir = offlineBuildDir(options.port);
  const secret = localJwtSecret(options.dataDir);
  const lambdaPort = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...emulators.env,
    AWS_ACCESS_KEY_ID: credentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    FNQ_JWT_SECRET: secret,
    FNQ_LANCE_URI: join(options.dataDir, 'lancedb'),
    // Each stack its own functions folder: DELETE ends every worker found under it (lib/functions/process-runtime/reaper.ts),
    // which must never reach another stack's workers on the same machine.
    FNQ_FUNCTIONS_WORK_DIR: process.env.FNQ_FUNCTIONS_WORK_DIR ?? join(options.dataDir, 'functions'),
    PORT: String(options.port),
    FNQ_LAMBDA_PORT: String(lambdaPort),
    FNQ_BUILD_DIR: buildDir,
    SLS_TELEMETRY_DISABLED: '1',
    SLS_NOTIFICATIONS_MODE: 'off',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    // esbuild's service process stops once the handlers are bundled (esbuild-plugins.mjs).
    FNQ_BUNDLER_STOP_WHEN_IDLE: '1',
    // glibc gives each thread that allocates its own arena, and LanceDB's native threads free into
    // arenas that are rarely trimmed: with two, serverless offline's growth per upload battery halved.
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
    LANCEDB_LOG: process.env.LANCEDB_LOG ?? 'error',
    ...options.env,
  };

  step(`starting serverless offline on port ${options.port}`);
  const { child: offline, lastLines } = await startOffline(env, options.log, step, signal);
  recordOffline(options.dataDir, offline.pid!);
  let stopping = false;
  started.push(async () => {
    stopping = true;
    await stopProcessGroup(offline);
    forgetOffline(options.dataDir);
  });
  offline.once('exit', (code, exitSignal) => {
    if (stopping) return;
    // Whatever it left in its group (a hosted function's worker, a bundler) goes with it.
    void stopProcessGroup(offline);
    const exit = { name: 'serverless offline', pid: offline.pid!, code, signal: exitSignal, lastLines: lastLines() };
    // Without a handler (the tests' stacks) the death is at least in the stack's log.
    if (options.onChildExit) options.onChildExit(exit);
    else options.log(`serverless offline ${exitText(code, exitSignal)}; its last lines:\n${exit.lastLines.join('\n')}`);
  });
  signal?.throwIfAborted();
  step('serverless offline is ready; starting queue delivery');

  const region = emulators.env.AWS_REGION!;
  const sqs = new SQSClient({ region, endpoint: emulators.endpoints.sqs, credentials });
  const lambda = new LambdaClient({ region, endpoint: `http://127.0.0.1:${lambdaPort}`, credentials });
  const doc = loadServerless();
  const queues: Record<string, { url: string; arn: string }> = {
    JobsQueue: {
      url: emulators.queueUrl,
      arn: `arn:aws:sqs:${region}:123456789012:${emulators.queueUrl.split('/').pop()}`,
    },
    BuildsQueue: {
      url: emulators.buildsQueueUrl,
      arn: `arn:aws:sqs:${region}:123456789012:${emulators.buildsQueueUrl.split('/').pop()}`,
    },
    WebhooksQueue: {
      url: emulators.webhooksQueueUrl,
      arn: `arn:aws:sqs:${region}:123456789012:${emulators.webhooksQueueUrl.split('/').pop()}`,
    },
  };
  // The ingestion sweep, before any delivery: whatever a killed run left queued or processing is
  // sent again or failed (no worker of that run is alive, so every lease has ended). Its schedule
  // in serverless.yml runs it every 10 minutes after that (serverless offline keeps schedules).
  await lambda
    .send(
      new InvokeCommand({
        FunctionName: `${doc.service}-${STAGE}-ingestSweep`,
        Payload: Buffer.from(JSON.stringify({ leasesEnded: true })),
      }),
    )
    .then(
      (out) =>
        out.FunctionError && options.log(`ingest sweep failed: ${Buffer.from(out.Payload ?? []).toString('utf8')}`),
    )
    .catch((e: Error) => options.log(`ingest sweep failed: ${e.message}`));
  const poller = startQueuePoller({
    sqs,
    lambda,
    region,
    log: options.log,
    targets: queueConsumers(doc)
      .filter((c) => queues[c.queue])
      .map((c) => ({
        functionName: `${doc.service}-${STAGE}-${c.functionName}`,
        queueUrl: queues[c.queue]!.url,
        queueArn: queues[c.queue]!.arn,
        batchSize: c.batchSize,
      })),
  });

  const filters = s3NotificationFilters(doc);
  // s3rver is an EventEmitter; its typings omit that.
  (emulators.s3 as unknown as NodeJS.EventEmitter).on(
    'event',
    (event: { Records: { eventName: string; s3: { object: { key: string } } }[] }) => {
      const records = event.Records.filter(
        (r) =>
          r.eventName.startsWith('ObjectCreated') &&
          filters.some((f) => matchesFilter(decodeURIComponent(r.s3.object.key), f)),
      );
      if (!records.length) return;
      sqs
        .send(
          new SendMessageCommand({ QueueUrl: emulators.queueUrl, MessageBody: JSON.stringify({ Records: records }) }),
        )
        .catch((e: Error) => options.log(`s3 notification not forwarded: ${e.message}`));
    },
  );

  return {
    url: `http://localhost:${options.port}`,
    lambdaPort,
    secret,
    emulators,
    offlinePid: offline.pid!,
    async stop() {
      stopping = true;
      await poller.stop();
      await stopProcessGroup(offline);
      rmSync(join(PROJECT_ROOT, buildDir), { recursive: true, force: true });
      forgetOffline(options.dataDir);
      sqs.destroy();
      lambda.destroy();
      await emulators.stop();
    },
  };
}
