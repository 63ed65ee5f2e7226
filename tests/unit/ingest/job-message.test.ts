// Object keys and the two queue message shapes that name an upload.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidJobMessage, jobsInMessage } from '../../../lib/ingest/job-message';
import { parseUploadObjectKey, safeFilename, uploadObjectKey } from '../../../lib/ingest/object-key';
import { matchesFilter, s3NotificationFilters } from '../../../local/serverless-config';

const UPLOAD_ID = '3f2a9c1e-7b44-4d2e-9a61-0c8f5e2d1b7a';

/** How S3 writes a key into an event notification: URL-encoded, spaces as `+`. */
const awsEncoded = (key: string) => encodeURIComponent(key).replace(/%2F/g, '/').replace(/%20/g, '+');

const s3Event = (key: string, eventName = 'ObjectCreated:Put') =>
  JSON.stringify({
    Records: [{ eventSource: 'aws:s3', eventName, s3: { bucket: { name: 'b' }, object: { key, size: 5 } } }],
  });

describe('upload object keys', () => {
  it('name the account and upload, for any account id, as written and as S3 events encode them', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 60 }),
        fc.uuid(),
        fc.string({ maxLength: 80 }),
        (account, uploadId, filename) => {
          const key = uploadObjectKey(account, uploadId, filename);
          expect(key).toMatch(/^accounts\/[A-Za-z0-9._-]+\/uploads\/[0-9a-f-]+\/[A-Za-z0-9._-]+$/);
          expect(parseUploadObjectKey(key)).toEqual({ account, uploadId });
          expect(jobsInMessage(s3Event(awsEncoded(key)))).toEqual([{ account, uploadId }]);
          expect(jobsInMessage(s3Event(key))).toEqual([{ account, uploadId }]);
        },
      ),
    );
  });

  it('put files for upload URLs under incoming/, the only prefix the bucket notification covers', () => {
    const key = uploadObjectKey('acct-1', UPLOAD_ID, 'big.pdf', 'url');
    expect(key).toBe(`incoming/accounts/acct-1/uploads/${UPLOAD_ID}/big.pdf`);
    expect(jobsInMessage(s3Event(key))).toEqual([{ account: 'acct-1', uploadId: UPLOAD_ID }]);
    const filters = s3NotificationFilters();
    expect(filters.some((f) => matchesFilter(key, f))).toBe(true);
    expect(filters.some((f) => matchesFilter(uploadObjectKey('acct-1', UPLOAD_ID, 'small.pdf'), f))).toBe(false);
  });

  it('keep plain account ids readable and the file extension', () => {
    expect(uploadObjectKey('acct-1', UPLOAD_ID, 'Quarterly report (final).PDF')).toBe(
      `accounts/acct-1/uploads/${UPLOAD_ID}/Quarterly_report_final_.PDF`,
    );
    expect(uploadObjectKey('alice@example.com', UPLOAD_ID, 'a.txt')).toBe(
      `accounts/b64.YWxpY2VAZXhhbXBsZS5jb20/uploads/${UPLOAD_ID}/a.txt`,
    );
  });

  it('make safe file names that cannot climb out of their folder', () => {
    expect(safeFilename('../../etc/passwd')).toBe('etc_passwd');
    expect(safeFilename('..')).toBe('file');
    expect(safeFilename('.md')).toBe('md');
    expect(safeFilename(`${'x'.repeat(300)}.docx`)).toMatch(/^x{95}\.docx$/);
  });

  it.each([
    'lancedb/acct/docs.lance/data/1.lance',
    `accounts/acct-1/uploads/${UPLOAD_ID}`,
    `accounts/b64.!!/uploads/${UPLOAD_ID}/a.txt`,
  ])('ignore keys that are not upload files: %s', (key) => {
    expect(parseUploadObjectKey(key)).toBeUndefined();
    expect(jobsInMessage(s3Event(key))).toEqual([]);
  });
});

describe('jobsInMessage', () => {
  it('reads the upload handler’s job message', () => {
    expect(jobsInMessage(JSON.stringify({ account: 'acct-1', uploadId: UPLOAD_ID }))).toEqual([
      { account: 'acct-1', uploadId: UPLOAD_ID },
    ]);
  });

  it('carries no job in S3 test events or object removals', () => {
    expect(jobsInMessage(JSON.stringify({ Service: 'Amazon S3', Event: 's3:TestEvent', Bucket: 'b' }))).toEqual([]);
    expect(jobsInMessage(s3Event(uploadObjectKey('acct-1', UPLOAD_ID, 'a.txt'), 'ObjectRemoved:Delete'))).toEqual([]);
  });

  it.each([
    'not json',
    '{"account": "acct-1"}',
    '[]',
    '{"Records": [{"eventSource": "aws:s3", "eventName": "ObjectCreated:Put", "s3": {}}]}',
  ])('refuses a body that is neither shape: %s', (body) => {
    expect(() => jobsInMessage(body)).toThrow(InvalidJobMessage);
  });
});
