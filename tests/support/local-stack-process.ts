// The local stack as its own process (what `npm start` is), for tests that kill it: started with
// FNQ_DATA_DIR and PORT, it prints one line `READY <url> <secret>` and runs until killed.
import { startLocalStack } from '../../local/stack';

const lines: string[] = [];
const stack = await startLocalStack({
  port: Number(process.env.PORT),
  dataDir: process.env.FNQ_DATA_DIR!,
  log: (line) => lines.push(line),
}).catch((e: Error) => {
  process.stderr.write(`${e.message}\n${lines.join('\n')}\n`);
  process.exit(1);
});
process.stdout.write(`READY ${stack.url} ${stack.secret}\n`);
process.on('SIGTERM', () => void stack.stop().then(() => process.exit(0)));
