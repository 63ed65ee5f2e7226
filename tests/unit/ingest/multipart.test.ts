// readMultipartFile: one file out of a form, each refusal with its status.
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../lib/errors';
import type { HttpRequest } from '../../../lib/http/event';
import { readMultipartFile } from '../../../lib/wire/multipart';
import { multipartBody } from '../../support/api-event';

const options = { field: 'file', maxBytes: 1000, tooLargeAdvice: 'Use the upload URL route' };
const bytes = (text: string) => new TextEncoder().encode(text);

const request = (contentType: string | undefined, body: Uint8Array | undefined): HttpRequest => ({
  method: 'POST',
  path: '/upload',
  pathParams: {},
  query: {},
  headers: contentType ? { 'content-type': contentType } : {},
  rawBody: body && Buffer.from(body),
});

async function form(files: { field: string; filename: string; bytes: Uint8Array }[]) {
  const { body, contentType } = await multipartBody(files);
  return request(contentType, body);
}

async function refusal(req: HttpRequest): Promise<ServiceError> {
  const error = await readMultipartFile(req, options).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}

describe('readMultipartFile', () => {
  it('returns the file part with its UTF-8 name, ignoring other parts', async () => {
    const req = await form([
      { field: 'note', filename: 'other.txt', bytes: bytes('not this one') },
      { field: 'file', filename: 'Résumé 2024.md', bytes: bytes('# Hello') },
    ]);
    const file = await readMultipartFile(req, options);
    expect(file.filename).toBe('Résumé 2024.md');
    expect(file.bytes.toString('utf8')).toBe('# Hello');
  });

  it('accepts a file of exactly the limit', async () => {
    const file = await readMultipartFile(
      await form([{ field: 'file', filename: 'a.txt', bytes: new Uint8Array(1000).fill(97) }]),
      options,
    );
    expect(file.bytes.length).toBe(1000);
  });

  it('refuses a file over the limit with 413 and the given advice', async () => {
    const error = await refusal(
      await form([{ field: 'file', filename: 'a.txt', bytes: new Uint8Array(1001).fill(97) }]),
    );
    expect([error.status, error.code]).toEqual([413, 'file_too_large']);
    expect(error.lines()[0]).toMatch(/ADVICE: Use the upload URL route\.$/);
  });

  it.each([
    ['JSON', 'application/json', bytes('{}')],
    ['no content type', undefined, bytes('x')],
    ['multipart without a boundary', 'multipart/form-data', bytes('x')],
  ])('refuses %s with 415', async (_label, type, body) => {
    expect((await refusal(request(type, body))).status).toBe(415);
  });

  it('refuses a form without the file part with 400', async () => {
    const error = await refusal(await form([{ field: 'document', filename: 'a.txt', bytes: bytes('x') }]));
    expect([error.status, error.code]).toEqual([400, 'file_missing']);
  });

  it('refuses an empty body with 400', async () => {
    expect((await refusal(request('multipart/form-data; boundary=abc', undefined))).code).toBe('file_missing');
  });

  it('refuses two file parts with 400', async () => {
    const twice = { field: 'file', filename: 'a.txt', bytes: bytes('x') };
    expect((await refusal(await form([twice, twice]))).code).toBe('too_many_files');
  });

  it('refuses a body cut off mid-part with 400', async () => {
    const { body, contentType } = await multipartBody([
      { field: 'file', filename: 'a.txt', bytes: bytes('some text') },
    ]);
    const error = await refusal(request(contentType, body.subarray(0, body.length - 30)));
    expect([error.status, error.code]).toEqual([400, 'body_malformed']);
  });
});
