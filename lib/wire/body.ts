// JSON request bodies: content type, size bound and syntax, each failing with its own status.
import { badRequest, tooLarge, unsupportedMediaType } from '../errors';
import { requestMediaType, type HttpRequest } from './request';

/** Query and management bodies are small; API Gateway's own bound is larger. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

export function parseJsonBody(req: HttpRequest, maxBytes = MAX_JSON_BODY_BYTES): unknown {
  const type = requestMediaType(req);
  if (!req.rawBody || req.rawBody.length === 0) {
    throw badRequest(
      'The request body is empty',
      'Send a JSON object with Content-Type: application/json',
      'body_missing',
    );
  }
  if (type !== 'application/json' && !type.endsWith('+json')) {
    throw unsupportedMediaType(
      `The request body has content type "${type || 'none'}"`,
      'Send the body as JSON with Content-Type: application/json',
    );
  }
  if (req.rawBody.length > maxBytes) {
    throw tooLarge(
      `The request body is ${req.rawBody.length} bytes, over the limit of ${maxBytes}`,
      'Send a smaller body',
    );
  }
  try {
    return JSON.parse(req.rawBody.toString('utf8'));
  } catch (e) {
    const detail = e instanceof SyntaxError ? e.message : 'unparsable';
    throw badRequest(
      `The request body is not valid JSON (${detail})`,
      'Check the JSON syntax of the body',
      'body_malformed',
    );
  }
}
