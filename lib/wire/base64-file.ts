// A file sent as JSON, `{"filename": "leave.md", "data": "<base64>"}`, for clients that cannot build
// a multipart body (shell scripts, AI tools). The size limit applies to the decoded bytes, as it
// does to a multipart part.
import { badRequest, tooLarge } from '../errors';
import { parseJsonBody } from './body';
import type { MultipartFile, MultipartOptions } from './multipart';
import type { HttpRequest } from './request';

export const BASE64_FILE_SCHEMA = {
  type: 'object',
  required: ['filename', 'data'],
  properties: {
    filename: { type: 'string', minLength: 1, maxLength: 255, description: 'Its name, with the extension.' },
    data: { type: 'string', contentEncoding: 'base64', description: 'The file, base64-encoded.' },
  },
};

const SHAPE_ADVICE = 'Send {"filename": "report.pdf", "data": "<the file, base64-encoded>"}';
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export function readBase64File(req: HttpRequest, options: Omit<MultipartOptions, 'field'>): MultipartFile {
  // Base64 takes 4 bytes per 3; the JSON around it is small.
  const body = parseJsonBody(req, Math.ceil((options.maxBytes * 4) / 3) + 4096) as Record<string, unknown>;
  const { filename, data } = body && typeof body === 'object' ? body : ({} as Record<string, unknown>);
  if (typeof filename !== 'string' || typeof data !== 'string')
    throw badRequest('The JSON body needs "filename" and "data" as strings', SHAPE_ADVICE, 'file_missing');
  return { filename, bytes: decodeBase64(data, '"data"', options, SHAPE_ADVICE) };
}

/**
 * Base64 text (line breaks allowed) to bytes, refused when it is not base64 or decodes to more than
 * `maxBytes`. Shared by the JSON upload body and the MCP tools that take files.
 */
export function decodeBase64(
  data: string,
  what: string,
  options: Omit<MultipartOptions, 'field'>,
  shapeAdvice: string,
): Buffer {
  const compact = data.replace(/\s+/g, '');
  if (!BASE64.test(compact))
    throw badRequest(`${what} is not base64`, `${shapeAdvice}; base64 -w0 <file> prints it`, 'file_not_base64');
  const bytes = Buffer.from(compact, 'base64');
  if (bytes.length > options.maxBytes)
    throw tooLarge(
      `The file is larger than the limit of ${options.maxBytes} bytes`,
      options.tooLargeAdvice,
      'file_too_large',
    );
  return bytes;
}
