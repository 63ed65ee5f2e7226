// Uploads sent as JSON {filename, data: base64}: decoded, bounded by the same limit, refused clearly.
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../lib/errors';
import { readBase64File } from '../../../lib/wire/base64-file';
import type { HttpRequest } from '../../../lib/wire/request';

const limits = { maxBytes: 16, tooLargeAdvice: 'Use the upload URL' };
const request = (body: unknown, type = 'application/json'): HttpRequest => ({
  method: 'POST',
  path: '/embedder-service/v1/upload',
  pathParams: {},
  query: {},
  headers: { 'content-type': type },
  rawBody: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
});

function refusal(body: unknown): ServiceError {
  try {
    readBase64File(request(body), limits);
  } catch (e) {
    if (e instanceof ServiceError) return e;
    throw e;
  }
  throw new Error('accepted');
}

describe('readBase64File', () => {
  it('decodes the file, line breaks in the base64 allowed', () => {
    const data = Buffer.from('# Leave\n\n25 days.').toString('base64');
    const file = readBase64File(request({ filename: 'leave.md', data: `${data.slice(0, 8)}\n${data.slice(8)}` }), {
      ...limits,
      maxBytes: 100,
    });
    expect([file.filename, file.bytes.toString()]).toEqual(['leave.md', '# Leave\n\n25 days.']);
  });

  it('refuses a wrong shape, text that is not base64, and a file over the limit', () => {
    expect([refusal({ name: 'a.txt', data: 'aGk=' }).status, refusal({ name: 'a.txt' }).code]).toEqual([
      400,
      'file_missing',
    ]);
    expect(refusal({ filename: 'a.txt', data: 'not base64!' }).code).toBe('file_not_base64');
    const big = refusal({ filename: 'a.txt', data: Buffer.alloc(17).toString('base64') });
    expect([big.status, big.code, big.problems[0]!.advice]).toEqual([413, 'file_too_large', 'Use the upload URL']);
    expect(refusal('[1, 2]').code).toBe('file_missing');
  });
});
