// `kill -9` of the whole local stack while 10 uploads are queued or processing, then a start on the
// same data directory: every upload ends `completed`, each with exactly its chunks (the persisted
// queue and the start-up sweep bring the jobs back; leases of the killed run are given back).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { issueToken } from '../../lib/http/token';
import { freePort, PROJECT_ROOT } from '../../local/emulators';

const UPLOADS = 10;
const dataDir = mkdtempSync(join(tmpdir(), 'fnq-crash-'));
const running: ChildProcess[] = [];

/** Starts the stack in its own process group; resolves with its URL and secret once it serves. */
function startStack(port: number): Promise<{ child: ChildProcess; url: string; secret: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(PROJECT_ROOT, 'tests/support/local-stack-process.ts')],
    {
      cwd: PROJECT_ROOT,
      env: { ...process.env, PORT: String(port), FNQ_DATA_DIR: dataDir },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  running.push(child);
  let errors = '';
  child.stderr!.on('data', (d: Buffer) => (errors += d.toString()));
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      const ready = /READY (\S+) (\S+)/.exec(d.toString());
      if (ready) resolve({ child, url: ready[1]!, secret: ready[2]! });
    });
    child.once('exit', (code) => reject(new Error(`stack exited with ${code}: ${errors}`)));
  });
}

const killGroup = (child: ChildProcess, signal: NodeJS.Signals) => {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    /* already gone */
  }
};

afterAll(async () => {
  for (const child of running) killGroup(child, 'SIGTERM');
  await new Promise((r) => setTimeout(r, 3000));
  for (const child of running) killGroup(child, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

/** Distinct paragraphs: a few hundred chunks, so ten uploads take a while to embed. */
const document = (n: number) =>
  Array.from(
    { length: 600 },
    (_, p) => `Upload ${n} paragraph ${p}: the tide tables list ${p * 7 + n} ferries and ${p} harbours.`,
  ).join('\n\n');

describe('a crash of the local stack', () => {
  it('loses no upload: all 10 end completed after a restart', async () => {
    const port = await freePort();
    const first = await startStack(port);
    const token = await issueToken({ secret: first.secret, account: 'acct-crash', level: 'pro', ttlSeconds: 3600 });
    const headers = { svcwt: token };
    const status = async (url: string, id: string) =>
      (await (await fetch(`${url}/embedder-service/v1/status?upload_id=${id}`, { headers })).json()) as Record<
        string,
        unknown
      >;

    const ids: string[] = [];
    for (let n = 0; n < UPLOADS; n++) {
      const form = new FormData();
      form.append('file', new Blob([document(n)]), `doc-${n}.txt`);
      const reply = await fetch(`${first.url}/embedder-service/v1/upload?collection_name=crash`, {
        method: 'POST',
        headers,
        body: form,
      });
      expect(reply.status).toBe(202);
      ids.push(((await reply.json()) as { upload_id: string }).upload_id);
    }
    // Kill once work is under way but not done, as an operator's kill -9 would land.
    let states: string[] = [];
    for (let i = 0; i < 1800; i++) {
      states = await Promise.all(ids.map(async (id) => (await status(first.url, id)).status as string));
      if (states.includes('processing')) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    killGroup(first.child, 'SIGKILL');
    expect(states).toContain('processing');
    expect(states.filter((s) => s === 'completed').length).toBeLessThan(UPLOADS);

    const second = await startStack(port);
    let records: Record<string, unknown>[] = [];
    for (let waited = 0; waited < 180_000; waited += 500) {
      records = await Promise.all(ids.map((id) => status(second.url, id)));
      if (records.every((r) => r.status === 'completed' || r.status === 'failed')) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(records.map((r) => r.status)).toEqual(Array(UPLOADS).fill('completed'));
    for (const r of records) expect(r.embedded_chunks).toBe(r.total_chunks);
    // No chunk twice: the collection holds exactly the chunks the records report.
    const collection = (await (
      await fetch(`${second.url}/embedder-service/v1/collections/crash`, { headers })
    ).json()) as { chunks: number };
    expect(collection.chunks).toBe(records.reduce((n, r) => n + (r.total_chunks as number), 0));
  }, 400_000);
});
