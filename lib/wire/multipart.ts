// One file out of a multipart/form-data body (routes with body mode 'raw'). The size limit is
// enforced while parsing, so an oversize part is refused without being held whole.
import busboy from 'busboy';
import { badRequest, tooLarge, unsupportedMediaType } from '../errors';
import { requestMediaType, type HttpRequest } from './request';

export interface MultipartFile {
  filename: string;
  bytes: Buffer;
}

export interface MultipartOptions {
  /** The form field that carries the file. */
  field: string;
  maxBytes: number;
  /** What to do instead when the file is over `maxBytes`. */
  tooLargeAdvice: string;
}

const FORM_ADVICE = (field: string) =>
  `Send the file as multipart/form-data in a part named "${field}" (curl -F ${field}=@report.pdf)`;

export async function readMultipartFile(req: HttpRequest, options: MultipartOptions): Promise<MultipartFile> {
  const contentType = req.headers['content-type'] ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    throw unsupportedMediaType(
      `The request has content type "${requestMediaType(req) || 'none'}"`,
      FORM_ADVICE(options.field),
    );
  }
  if (!req.rawBody?.length) throw missingFile(options.field);

  const files = await parse(req.rawBody, contentType, options);
  if (files.length > 1) {
    throw badRequest(
      `The request holds ${files.length} parts named "${options.field}"`,
      'Send one file per upload request',
      'too_many_files',
    );
  }
  const file = files[0];
  if (!file) throw missingFile(options.field);
  if (file.truncated) {
    throw tooLarge(
      `The file is larger than the direct upload limit of ${options.maxBytes} bytes`,
      options.tooLargeAdvice,
      'file_too_large',
    );
  }
  return { filename: file.filename, bytes: file.bytes };
}

interface Part {
  filename: string;
  bytes: Buffer;
  truncated: boolean;
}

function parse(body: Buffer, contentType: string, options: MultipartOptions): Promise<Part[]> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      // UTF-8 file names: busboy's default reading of non-ASCII names is Latin-1.
      // One byte over the limit is enough to know the file is too large.
      const limits = { fileSize: options.maxBytes + 1 };
      parser = busboy({ headers: { 'content-type': contentType }, defParamCharset: 'utf8', limits });
    } catch {
      reject(malformed());
      return;
    }
    const parts: Part[] = [];
    parser.on('file', (name, stream, info) => {
      if (name !== options.field) {
        stream.resume();
        return;
      }
      const part: Part = { filename: info.filename ?? '', bytes: Buffer.alloc(0), truncated: false };
      const pieces: Buffer[] = [];
      stream.on('data', (piece: Buffer) => pieces.push(piece));
      stream.on('end', () => {
        part.bytes = Buffer.concat(pieces);
        part.truncated = part.bytes.length > options.maxBytes;
      });
      // A cut-off body fails the file stream as well as the parser; the parser's error answers.
      stream.on('error', () => undefined);
      parts.push(part);
    });
    parser.on('close', () => resolve(parts));
    parser.on('error', () => reject(malformed()));
    parser.end(body);
  });
}

const missingFile = (field: string) =>
  badRequest(`The request has no file part named "${field}"`, FORM_ADVICE(field), 'file_missing');

const malformed = () =>
  badRequest(
    'The multipart/form-data body could not be parsed',
    'Let your HTTP client build the form (e.g. curl -F or FormData) rather than writing it by hand',
    'body_malformed',
  );
