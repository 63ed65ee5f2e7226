// Where an upload's file lives in the bucket: accounts/<acct>/uploads/<upload_id>/<safe filename>
// for direct uploads, and the same under `incoming/` for files PUT to an upload URL. Only `incoming/`
// is in the bucket's ObjectCreated notification (serverless.yml): the upload route queues its own
// job, so a notification for its objects would make every direct upload two jobs.
// Every segment is made of characters that URL encoding leaves alone, so the key reads the same in
// S3 event notifications (URL-encoded on AWS, raw from the local emulator) as when we wrote it.

const KEY = /^(?:incoming\/)?accounts\/([^/]+)\/uploads\/([A-Za-z0-9-]+)\/[^/]+$/;
/** The prefix of files that arrive through an upload URL, and the notification's filter. */
export const SIGNED_UPLOAD_PREFIX = 'incoming/';
const PLAIN_ACCOUNT = /^[A-Za-z0-9_-]{1,128}$/;
/** Accounts with other characters (e.g. e-mail addresses as token subjects) are stored base64url-encoded. */
const ENCODED = 'b64.';
const MAX_FILENAME = 100;

const accountSegment = (account: string) =>
  PLAIN_ACCOUNT.test(account) ? account : ENCODED + Buffer.from(account, 'utf8').toString('base64url');

export function uploadObjectKey(
  account: string,
  uploadId: string,
  filename: string,
  route: 'direct' | 'url' = 'direct',
): string {
  const key = `accounts/${accountSegment(account)}/uploads/${uploadId}/${safeFilename(filename)}`;
  return route === 'url' ? SIGNED_UPLOAD_PREFIX + key : key;
}

/** The account and upload a key belongs to; undefined for keys that are not upload files. */
export function parseUploadObjectKey(key: string): { account: string; uploadId: string } | undefined {
  const match = KEY.exec(key);
  if (!match) return undefined;
  const [, segment, uploadId] = match as unknown as [string, string, string];
  const account = segment.startsWith(ENCODED)
    ? Buffer.from(segment.slice(ENCODED.length), 'base64url').toString('utf8')
    : segment;
  return accountSegment(account) === segment ? { account, uploadId } : undefined;
}

/** Letters, digits, dot, underscore and hyphen; the extension kept, since the worker types the file by it. */
export function safeFilename(filename: string): string {
  const cleaned = filename.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '');
  const dot = cleaned.lastIndexOf('.');
  const extension = dot >= 0 ? cleaned.slice(dot) : '';
  const stem = (dot >= 0 ? cleaned.slice(0, dot) : cleaned).slice(0, MAX_FILENAME - Math.min(extension.length, 20));
  return `${stem || 'file'}${extension.slice(0, 20)}`;
}
