// Persistence for the local SQS emulator (local-aws-sqs keeps messages in memory only): every
// message sent to a queue and every delete is appended to a journal under the data directory, so
// `kill -9` of `npm start` loses no job. On start the messages still outstanding go back on the
// queue (with new ids and a receive count of 1; the worker also counts attempts on the record),
// and the journal is rewritten to hold just those.
import { appendFileSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';

/** The part of local-aws-sqs's Queue that messages pass through (its typings: lib/queue.d.ts). */
export interface EmulatedQueue {
  setRecord: (input: { MessageBody: string }, messageId?: string) => { record: { MessageId: string } };
  receive: (options: never) => Promise<{ MessageId: string; ReceiptHandle: string }[]>;
  delete: (receiptHandle: string) => boolean;
}

type Entry = { sent: string; body: string } | { deleted: string };

/** Messages sent and not deleted, oldest first. A line cut short by a crash is skipped. */
function outstanding(file: string): string[] {
  if (!existsSync(file)) return [];
  const bodies = new Map<string, string>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    let entry: Entry;
    try {
      entry = JSON.parse(line) as Entry;
    } catch {
      continue;
    }
    if ('sent' in entry) bodies.set(entry.sent, entry.body);
    else bodies.delete(entry.deleted);
  }
  return [...bodies.values()];
}

/** Restores the queue's outstanding messages from `file`, then journals what happens to it. Returns how many came back. */
export function persistQueue(queue: EmulatedQueue, file: string): number {
  const restored = outstanding(file).map((body) => ({
    sent: queue.setRecord({ MessageBody: body }).record.MessageId,
    body,
  }));
  // Written aside and renamed, so a crash now leaves either journal whole.
  writeFileSync(`${file}.new`, restored.map((entry) => `${JSON.stringify(entry)}\n`).join(''));
  renameSync(`${file}.new`, file);

  // Appended synchronously: a write that returned is in the kernel's hands even if we are killed next.
  const append = (entry: Entry) => appendFileSync(file, `${JSON.stringify(entry)}\n`);
  const idByHandle = new Map<string, string>();
  const { setRecord, receive, delete: remove } = queue;
  queue.setRecord = (input, messageId) => {
    const out = setRecord(input, messageId);
    append({ sent: out.record.MessageId, body: input.MessageBody });
    return out;
  };
  queue.receive = async (options) => {
    const messages = await receive.call(queue, options);
    for (const m of messages) idByHandle.set(m.ReceiptHandle, m.MessageId);
    return messages;
  };
  queue.delete = (receiptHandle) => {
    const deleted = remove.call(queue, receiptHandle);
    const id = idByHandle.get(receiptHandle);
    if (deleted && id) append({ deleted: id });
    idByHandle.delete(receiptHandle);
    return deleted;
  };
  return restored.length;
}
