// The two message shapes on the jobs queue: our own job `{account, uploadId}` sent by the upload
// handler, and S3's event notification `{Records: [{s3: {object: {key}}}]}` for files PUT to an
// upload URL. Both name an upload; the worker treats them alike.
import { parseUploadObjectKey } from './object-key';
import type { UploadJob } from './ports';

/** A body that is neither shape: retried, then left in the dead-letter queue for a person to read. */
export class InvalidJobMessage extends Error {
  override readonly name = 'InvalidJobMessage';
}

interface S3EventRecord {
  eventSource?: unknown;
  eventName?: unknown;
  s3?: { object?: { key?: unknown } };
}

/** The uploads a message names; none for S3 test events and objects that are not upload files. */
export function jobsInMessage(body: string): UploadJob[] {
  let message: unknown;
  try {
    message = JSON.parse(body);
  } catch {
    throw new InvalidJobMessage('the message body is not JSON');
  }
  if (isJob(message)) return [{ account: message.account, uploadId: message.uploadId }];
  if (isObject(message) && message.Event === 's3:TestEvent') return [];
  if (isObject(message) && Array.isArray(message.Records))
    return (message.Records as S3EventRecord[]).flatMap(jobOfS3Record);
  throw new InvalidJobMessage('the message is neither an upload job nor an S3 event notification');
}

function jobOfS3Record(record: S3EventRecord): UploadJob[] {
  const key = record.s3?.object?.key;
  if (
    record.eventSource !== 'aws:s3' ||
    typeof record.eventName !== 'string' ||
    !record.eventName.startsWith('ObjectCreated:')
  )
    return [];
  if (typeof key !== 'string') throw new InvalidJobMessage('an S3 event record has no object key');
  const job = parseUploadObjectKey(decodeS3Key(key));
  return job ? [job] : [];
}

/** S3 URL-encodes keys in notifications, with spaces as `+`; our keys survive either way. */
function decodeS3Key(key: string): string {
  try {
    return decodeURIComponent(key.replace(/\+/g, ' '));
  } catch {
    return key;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

const isJob = (v: unknown): v is UploadJob =>
  isObject(v) &&
  typeof v.account === 'string' &&
  v.account !== '' &&
  typeof v.uploadId === 'string' &&
  v.uploadId !== '';
