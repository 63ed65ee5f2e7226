// A battery of uploads through a running stack's HTTP API, as a user's script would send them:
// multipart POSTs, a few at a time, then polling each status until it has finished. The documents
// are ../shared/data/documents when present (real PDF, DOCX and HTML files), otherwise generated text.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// Beside the checkout, or beside the folder of worktrees that holds it.
const HERE = dirname(fileURLToPath(import.meta.url));
const SHARED_DOCUMENTS = [
  resolve(HERE, '../../shared/data/documents'),
  resolve(HERE, '../../../shared/data/documents'),
];

export interface BatteryDocument {
  name: string;
  bytes: Uint8Array;
}

export function batteryDocuments(): { source: string; documents: BatteryDocument[] } {
  for (const dir of SHARED_DOCUMENTS.filter((d) => existsSync(d))) {
    const names = readdirSync(dir).sort();
    if (names.length) {
      const documents = names.map((name) => ({ name, bytes: readFileSync(join(dir, name)) }));
      return { source: `${basename(dirname(dirname(dir)))}/data/documents (${names.length} files)`, documents };
    }
  }
  const paragraph = (n: number) =>
    `Section ${n}. The lighthouse keeper logs the tide at dawn and again at dusk; entry ${n} notes a calm sea.`;
  const documents = Array.from({ length: 8 }, (_, d) => ({
    name: `generated-${d}.txt`,
    bytes: Buffer.from(Array.from({ length: 200 * (d + 1) }, (_, n) => paragraph(n)).join('\n\n')),
  }));
  return { source: 'generated text', documents };
}

export interface BatteryResult {
  uploads: number;
  completed: number;
  failed: number;
  /** Upload requests the service refused (not 202), by status code or network error. */
  refused: Record<string, number>;
}

/** Sends `count` uploads (the documents in turn), `parallel` at a time, and waits until each has finished. */
export async function runUploadBattery(options: {
  url: string;
  token: string;
  count: number;
  parallel?: number;
  deadlineMs?: number;
}): Promise<BatteryResult> {
  const { documents } = batteryDocuments();
  const headers = { svcwt: options.token };
  const refused: Record<string, number> = {};
  const ids: string[] = [];
  let next = 0;
  const send = async () => {
    for (let n = next++; n < options.count; n = next++) {
      const doc = documents[n % documents.length]!;
      const form = new FormData();
      form.append('file', new Blob([doc.bytes]), doc.name);
      const reply = await fetch(`${options.url}/embedder-service/v1/upload?collection_name=battery${n % 5}`, {
        method: 'POST',
        headers,
        body: form,
      }).catch((e: Error) => e);
      if (reply instanceof Error) {
        // Not sent again: the service may have taken it. Counted, as a refusal would be.
        const reason = String((reply.cause as { code?: string } | undefined)?.code ?? reply.message);
        refused[reason] = (refused[reason] ?? 0) + 1;
        continue;
      }
      const body = (await reply.json().catch(() => ({}))) as { upload_id?: string };
      if (reply.status === 202 && body.upload_id) ids.push(body.upload_id);
      else refused[reply.status] = (refused[reply.status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: options.parallel ?? 4 }, send));

  const pending = new Set(ids);
  let completed = 0;
  let failed = 0;
  const deadline = Date.now() + (options.deadlineMs ?? 30 * 60_000);
  while (pending.size && Date.now() < deadline) {
    for (const id of [...pending]) {
      // A status read that fails on the network is read again on the next pass.
      const reply = await fetch(`${options.url}/embedder-service/v1/status?upload_id=${id}`, { headers }).catch(
        () => undefined,
      );
      const { status } = ((await reply?.json().catch(() => undefined)) ?? {}) as { status?: string };
      if (status === 'completed') completed++;
      if (status === 'failed') failed++;
      if (status === 'completed' || status === 'failed') pending.delete(id);
    }
    if (pending.size) await new Promise((r) => setTimeout(r, 1000));
  }
  if (pending.size) throw new Error(`${pending.size} of ${ids.length} uploads had not finished by the deadline`);
  return { uploads: options.count, completed, failed, refused };
}
