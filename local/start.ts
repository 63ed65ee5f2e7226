// `npm start`: the whole service on its embedded default — no AWS account, no AI key, no network.
import { issueToken } from '../lib/http/token';
import { defaultDataDir } from './secret';
import { startLocalStack } from './stack';

const started = performance.now();
const port = Number(process.env.PORT ?? 3000);
const dataDir = defaultDataDir();
const verbose = process.env.FNQ_VERBOSE === '1';

// Serverless offline is chatty; show its lines only when asked, but always show errors.
const log = (line: string) => {
  if (verbose || /error|warn|fail/i.test(line)) process.stdout.write(`  ${line}\n`);
};

const stack = await startLocalStack({ port, dataDir, log });
const token = await issueToken({ secret: stack.secret, account: 'dev', level: 'pro', ttlSeconds: 30 * 86_400 });
const seconds = ((performance.now() - started) / 1000).toFixed(1);

process.stdout.write(`
fnquery is running on ${stack.url} (started in ${seconds} s; data in ${dataDir})
Function catalog: ${stack.url}/catalog
AI platform: ${process.env.FNQ_AI_BASE_URL ? process.env.FNQ_AI_BASE_URL : 'embedded local engine (no key, no network)'}

Dev token (account "dev", level "pro", 30 days):
  export FNQ_URL=${stack.url}
  export FNQ_TOKEN=${token}

Try:
  curl -s ${stack.url}/health
  curl -s -H "svcwt: $FNQ_TOKEN" "${stack.url}/embedder-service/v1/status?upload_id=00000000-0000-0000-0000-000000000000"
  npx fnq token create --account alice --level free --ttl 1d

Ctrl-C stops everything.
`);

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  process.stdout.write('\nstopping fnquery…\n');
  await stack.stop();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
