import { createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

const [entryFile, entrypoint] = process.argv.slice(2);
const protocol = createWriteStream('', { fd: 3 });
const send = (message) => protocol.write(JSON.stringify(message) + '\n');
const errorText = (e) => (e instanceof Error ? e.name + ': ' + e.message : String(e));

let fn;
try {
  const mod = await import(pathToFileURL(entryFile).href);
  fn = typeof mod[entrypoint] === 'function' ? mod[entrypoint] : mod.default && mod.default[entrypoint];
  if (typeof fn !== 'function')
    throw new Error('"' + entrypoint + '" is not a function exported by ' + entryFile.split('/').pop());
} catch (e) {
  protocol.end(JSON.stringify({ fatal: errorText(e) }) + '\n', () => process.exit(1));
}

if (fn) {
  send({ ready: true });
  for await (const line of createInterface({ input: process.stdin })) {
    const { id, request } = JSON.parse(line);
    let reply;
    try {
      const body = await fn(request);
      reply = JSON.stringify({ id, ok: true, body: body === undefined ? null : body });
    } catch (e) {
      reply = JSON.stringify({ id, ok: false, error: errorText(e) });
    }
    protocol.write(reply + '\n');
  }
  process.exit(0);
}
