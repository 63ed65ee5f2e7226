// `npm start`: the whole service on its embedded default — no AWS account, no AI key, no network.
// It says what it is doing from the first second (the first start bundles every handler, which
// takes minutes on a loaded machine), and SIGINT or SIGTERM at any moment stops all it started.
import type { ChildExit, LocalStack } from './stack';

const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s`;
const say = (line: string) => process.stdout.write(`[${elapsed()}] ${line}\n`);

const port = Number(process.env.PORT ?? 3000);
const verbose = process.env.FNQ_VERBOSE === '1' || process.env.FNQ_LOG_LEVEL === 'debug';
say(`fnquery: starting the local stack on port ${port}`);

// Registered before anything starts, so a signal during the start stops what is already running.
const abort = new AbortController();
let starting: Promise<LocalStack> | undefined;
let stopping = false;
const shutdown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  say(`${signal}: stopping fnquery…`);
  abort.abort();
  // An aborted start stops what it had started before it rejects; a finished one is stopped here.
  const stack = await starting?.catch(() => undefined);
  await stack?.stop();
  say('stopped');
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
// `npm start` exits on SIGTERM without passing it on; when the parent goes, this process is
// re-parented, and that is the signal to stop.
const parent = process.ppid;
setInterval(() => process.ppid !== parent && void shutdown('parent process exited'), 500).unref();
// The stack and its handlers run on this machine's Node 20; the SDK's notice about its future releases is known.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

// Loaded after the first line: these imports alone take seconds on a cold, loaded machine.
say('loading the stack (emulators, serverless offline, AWS SDK)');
const { issueToken } = await import('../lib/http/token');
const { defaultDataDir } = await import('./secret');
const { exitText, startLocalStack } = await import('./stack');
const { consoleLine } = await import('./console-lines');
const dataDir = defaultDataDir();

// Serverless offline is chatty; show its lines only when asked, but always show errors.
const log = (line: string) => {
  const shown = consoleLine(line, { verbose });
  if (shown !== undefined) process.stdout.write(`  ${shown}\n`);
};

// A child that dies ends npm start with a non-zero code, not a stack that answers nothing: a
// restart could loop on the same fault, and a supervisor above (a shell, a service manager)
// decides better than this process whether to try again.
const onChildExit = (exit: ChildExit) => {
  if (stopping) return;
  stopping = true;
  process.stderr.write(
    `fnquery: ${exit.name} (pid ${exit.pid}) ${exitText(exit.code, exit.signal)}; the service is down.\n` +
      (exit.lastLines.length
        ? `Its last lines:\n${exit.lastLines.map((l) => `  | ${l}`).join('\n')}\n`
        : 'It wrote nothing before it ended.\n') +
      'Stopping the rest; run npm start again once the cause is fixed.\n',
  );
  void (starting ?? Promise.resolve(undefined))
    .then((stack) => stack?.stop())
    .catch(() => undefined)
    .finally(() => process.exit(1));
};

let stack: LocalStack;
try {
  starting = startLocalStack({ port, dataDir, log, step: say, signal: abort.signal, onChildExit });
  stack = await starting;
} catch (e) {
  // A signal during the start already stopped what was running; shutdown() exits.
  if (abort.signal.aborted) await new Promise<never>(() => undefined);
  throw e;
}
// A serverless offline that is alive but answers nothing (its event loop stuck, or out of memory)
// is a dead service too: past the limit it is ended, and the exit report above says the rest.
// FNQ_WATCHDOG_SECONDS (default 180; 0 turns it off) is long enough for the longest synchronous
// stretch a handler has in serverless offline's process on a loaded machine.
const watchdogSetting = process.env.FNQ_WATCHDOG_SECONDS ?? '180';
const watchdogMs = /^\d+$/.test(watchdogSetting) ? Number(watchdogSetting) * 1000 : 180_000;
if (!/^\d+$/.test(watchdogSetting)) say(`FNQ_WATCHDOG_SECONDS=${watchdogSetting} is not a whole number; using 180`);
let lastAnswer = Date.now();
let probing = false;
const watchdog = setInterval(
  () => {
    if (stopping) return;
    if (Date.now() - lastAnswer >= watchdogMs) {
      clearInterval(watchdog);
      const silent = Math.round((Date.now() - lastAnswer) / 1000);
      process.stderr.write(
        `fnquery: serverless offline (pid ${stack.offlinePid}) has not answered GET /health for ${silent} s; ending it.\n`,
      );
      try {
        process.kill(-stack.offlinePid, 'SIGKILL');
      } catch {
        /* it ended meanwhile; its exit is being reported */
      }
      return;
    }
    if (probing) return;
    probing = true;
    // Any answer, even an error status, shows the process still serves.
    fetch(`${stack.url}/health`, { signal: AbortSignal.timeout(watchdogMs) })
      .then(async (reply) => {
        await reply.body?.cancel();
        lastAnswer = Date.now();
      })
      .catch(() => undefined)
      .finally(() => (probing = false));
  },
  Math.min(15_000, watchdogMs / 4),
);
watchdog.unref();
if (!watchdogMs) clearInterval(watchdog);

const token = await issueToken({ secret: stack.secret, account: 'dev', level: 'pro', ttlSeconds: 30 * 86_400 });

process.stdout.write(`
fnquery is running on ${stack.url} (started in ${elapsed().trim()}; data in ${dataDir})
Function catalog: ${stack.url}/catalog
AI platform: ${process.env.FNQ_AI_BASE_URL ? process.env.FNQ_AI_BASE_URL : 'embedded local engine (no key, no network)'}

Dev token (account "dev", level "pro", 30 days):
  export FNQ_URL=${stack.url}
  export FNQ_TOKEN=${token}

Try:
  curl -s ${stack.url}/health
  npx fnq upload examples/documents/handbook.md --collection docs --wait
  npx fnq query vectordb docs "How many vacation days do we get?"
  npx fnq --help

Ctrl-C stops everything.
`);
