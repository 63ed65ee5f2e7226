// Calling a hosted function over REST: find it, check the method, validate the whole request
// against its definition (every violation in one 400), run it, and shape its answer by outputType.
import { methodNotAllowed, ServiceError } from '../errors';
import { parseJsonBody } from '../wire/body';
import type { HttpRequest, Reply } from '../wire/request';
import { readMultipartFile } from '../wire/multipart';
import type { Logger } from '../log';
import {
  compiledValidators,
  inputBody,
  outputBody,
  type FunctionRequest as ToolRequest,
  type NormalizedSpec,
  type Violation,
} from '../spec/index';
import { bodyViolations } from '../spec/request-validators';
import { checkAgainstSchema, ValidationBudgetExceeded, VALIDATION_DEADLINE_MS } from '../spec/validation-pool';
import { FUNCTION_REPLY_MAX_BYTES, functionBadOutput } from './failures';
import { lookupFunction } from './lookup';
import { mediaTypeOf } from './media-types';
import type { FunctionInvoker, FunctionRecord, FunctionRegistry, FunctionRequest } from './ports';
import type { FunctionSettings } from '../config';

export interface InvokeDeps {
  registry: FunctionRegistry;
  invoker: FunctionInvoker;
  settings: Pick<FunctionSettings, 'timeoutMs' | 'outputCheck'>;
}

export interface InvocationRequest extends HttpRequest {
  log: Logger;
  signal?: AbortSignal;
}

/** JSON and file bodies: what API Gateway and a synchronous Lambda call carry comfortably. */
export const FUNCTION_BODY_MAX_BYTES = 5 * 1024 * 1024;

/** Set on a JSON answer that does not match outputSchema (FNQ_FUNCTIONS_OUTPUT_CHECK=header). */
export const OUTPUT_INVALID_HEADER = 'x-fnq-output-invalid';

/** Never handed to user code: the caller's credentials. */
const PRIVATE_HEADERS = new Set(['svcwt', 'authorization', 'cookie', 'proxy-authorization']);

/** 422: the body may be fine, but checking it against this schema costs more than the service gives it. */
function requestUnverifiable(spec: NormalizedSpec, stop: ValidationBudgetExceeded): ServiceError {
  const cost = stop.reason === 'memory' ? 'more memory than allowed' : `longer than ${VALIDATION_DEADLINE_MS} ms`;
  return new ServiceError(422, 'request_unverifiable', {
    issue: `Checking the request against the inputSchema of ${spec.shortname} took ${cost}, so it was not run`,
    advice:
      'Send a smaller or simpler body. If a small body is refused too, the schema is too costly to check ' +
      "(e.g. anyOf over a recursive $ref, or a pattern with lookaround): tell the function's author",
  });
}

/**
 * The body's violations of the input definition. A JSON schema is an author's: it is checked in the
 * validation pool, off the event loop and under its deadline.
 */
async function inputViolations(spec: NormalizedSpec, body: unknown): Promise<Violation[]> {
  const input = inputBody(spec);
  if (input.type !== 'JSON' || body === undefined) return compiledValidators(spec).validateBody(body);
  try {
    return bodyViolations(await checkAgainstSchema(input.schema, body), '/body');
  } catch (e) {
    if (e instanceof ValidationBudgetExceeded) throw requestUnverifiable(spec, e);
    throw e;
  }
}

function invalidRequest(violations: Violation[]): ServiceError {
  return new ServiceError(
    400,
    'request_invalid',
    violations.map((v) => ({ issue: `${v.pointer}: ${v.message}`, advice: v.fix })),
  );
}

/** The request object of the runtime contract, or a 400 listing every violation. */
async function functionRequest(spec: NormalizedSpec, req: HttpRequest): Promise<FunctionRequest> {
  const validators = compiledValidators(spec);
  const violations = validators.validateQuery(req.query);
  const sent = (req.rawBody?.length ?? 0) > 0;
  let body: unknown = null;
  switch (spec.requirements.inputType) {
    case 'NONE':
      violations.push(...validators.validateBody(sent ? req.rawBody : null));
      break;
    case 'JSON':
      body = sent ? parseJsonBody(req, FUNCTION_BODY_MAX_BYTES) : undefined;
      violations.push(...(await inputViolations(spec, body)));
      break;
    case 'FILE': {
      const file = sent
        ? await readMultipartFile(req, {
            field: 'file',
            maxBytes: FUNCTION_BODY_MAX_BYTES,
            tooLargeAdvice: `Send a file of at most ${FUNCTION_BODY_MAX_BYTES / 2 ** 20} MB`,
          })
        : undefined;
      violations.push(...validators.validateFile(file && { filename: file.filename, size: file.bytes.length }));
      body = file
        ? { filename: file.filename, contentType: mediaTypeOf(file.filename), data: file.bytes.toString('base64') }
        : null;
      break;
    }
  }
  if (violations.length > 0) throw invalidRequest(violations);
  const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !PRIVATE_HEADERS.has(name)));
  return { method: req.method, query: req.query, headers, body };
}

/**
 * Every way a request built from tool-call arguments (AI function calling, MCP tools/call) breaks
 * the definition; FILE bodies carry the file as base64 text there instead of a multipart part.
 */
export async function toolRequestViolations(spec: NormalizedSpec, request: ToolRequest): Promise<Violation[]> {
  const validators = compiledValidators(spec);
  const found = validators.validateQuery(request.query);
  if (spec.requirements.inputType === 'FILE') {
    const file = request.body as { filename?: unknown; data?: unknown } | undefined;
    const size = typeof file?.data === 'string' ? Buffer.byteLength(file.data, 'base64') : 0;
    found.push(
      ...validators.validateFile(
        file && typeof file.filename === 'string' ? { filename: file.filename, size } : undefined,
      ),
    );
  } else {
    const body = request.body ?? (spec.requirements.inputType === 'NONE' ? null : undefined);
    found.push(...(await inputViolations(spec, body)));
  }
  return found;
}

/**
 * The first way a JSON answer breaks outputSchema, as `<schema path> <keyword>` (e.g.
 * `#/properties/total/type type`); undefined when it fits. Only the author's schema speaks here:
 * the answer's keys and values are the function's text and may carry the caller's data, so they
 * reach neither the log nor a header. An answer too costly to check counts as a mismatch.
 */
export async function outputMismatch(fn: FunctionRecord, body: unknown): Promise<string | undefined> {
  const output = outputBody(fn.spec);
  if (output.type !== 'JSON') return undefined;
  try {
    const first = (await checkAgainstSchema(output.schema, body))[0];
    return first && `${first.schemaPath} ${first.keyword}`;
  } catch (e) {
    if (e instanceof ValidationBudgetExceeded) return `# ${e.reason}`;
    throw e;
  }
}

// RFC 9110 media type: type "/" subtype, then parameters (token or quoted string); nothing that
// could end a header line or start another.
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const MEDIA_TYPE = new RegExp(`^${TOKEN}/${TOKEN}(?:[ \t]*;[ \t]*${TOKEN}=(?:${TOKEN}|"[^"\\\x00-\x1f\x7f]*"))*$`);
const MEDIA_TYPE_MAX = 200;
const FILENAME_MAX = 255;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
// eslint-disable-next-line no-control-regex -- control characters are what this finds
const CONTROL = /[\x00-\x1f\x7f]/;

export interface FileOutput {
  filename: string;
  contentType: string;
  bytes: Buffer;
}

/**
 * A FILE answer of the runtime contract, checked field by field (the type comes from the name when
 * none is given): a bad one is the function's fault (502), never ours (500).
 */
export function fileOutput(fn: FunctionRecord, body: unknown): FileOutput {
  const file = body as { filename?: unknown; contentType?: unknown; data?: unknown } | null;
  if (
    !file ||
    typeof file !== 'object' ||
    typeof file.data !== 'string' ||
    (file.filename !== undefined && typeof file.filename !== 'string') ||
    (file.contentType !== undefined && file.contentType !== null && typeof file.contentType !== 'string')
  ) {
    throw functionBadOutput(fn.shortname, 'FILE output must be {filename, contentType, data} with base64 data');
  }
  const filename = typeof file.filename === 'string' ? file.filename : 'output';
  if (filename.length > FILENAME_MAX || CONTROL.test(filename)) {
    throw functionBadOutput(
      fn.shortname,
      `the filename must be at most ${FILENAME_MAX} characters without control characters`,
    );
  }
  const contentType =
    typeof file.contentType === 'string' && file.contentType ? file.contentType : mediaTypeOf(filename);
  if (contentType.length > MEDIA_TYPE_MAX || !MEDIA_TYPE.test(contentType)) {
    throw functionBadOutput(
      fn.shortname,
      `the contentType is not a media type such as "application/pdf" or "text/csv; charset=utf-8"`,
    );
  }
  if (!BASE64.test(file.data)) throw functionBadOutput(fn.shortname, 'the file data is not base64');
  const bytes = Buffer.from(file.data, 'base64');
  if (bytes.length > FUNCTION_REPLY_MAX_BYTES)
    throw functionBadOutput(fn.shortname, `the file is larger than ${FUNCTION_REPLY_MAX_BYTES} bytes`);
  return { filename, contentType, bytes };
}

function fileReply(fn: FunctionRecord, body: unknown): Reply {
  const { filename, contentType, bytes } = fileOutput(fn, body);
  return {
    status: 200,
    // Sent as bytes with the function's content type; the span id stays in the header only.
    body: bytes,
    headers: {
      'content-type': contentType,
      'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`,
      // Whatever the function names, browsers neither guess another type nor render it in our origin.
      'x-content-type-options': 'nosniff',
    },
  };
}

export async function invokeFunction(deps: InvokeDeps, req: InvocationRequest): Promise<Reply> {
  return invokeFound(deps, req, await lookupFunction(deps.registry, req.pathParams.shortname));
}

/** The call of a function already found (lookup.ts), so a caller can find it before loading this module. */
export async function invokeFound(deps: InvokeDeps, req: InvocationRequest, fn: FunctionRecord): Promise<Reply> {
  const allowed = fn.spec.requirements.requestType;
  if (req.method !== allowed) {
    throw methodNotAllowed(
      `Function ${fn.shortname} is called with ${allowed}, not ${req.method}`,
      `Send the request as ${allowed}`,
      'method_not_allowed',
      { headers: { allow: allowed } },
    );
  }
  const request = await functionRequest(fn.spec, req);
  const { body } = await deps.invoker.invoke(fn, request, {
    timeoutMs: deps.settings.timeoutMs,
    signal: req.signal,
    log: req.log,
  });

  switch (fn.spec.requirements.outputType) {
    case 'NONE':
      return { status: 204 };
    case 'FILE':
      return fileReply(fn, body);
    case 'JSON': {
      const mismatch = await outputMismatch(fn, body);
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (mismatch) {
        req.log.warn('function output does not match outputSchema', {
          function: fn.shortname,
          version: fn.version,
          mismatch,
        });
        if (deps.settings.outputCheck === 'reject')
          throw functionBadOutput(fn.shortname, `it does not match outputSchema (${mismatch})`);
        headers[OUTPUT_INVALID_HEADER] = mismatch;
      }
      // Bytes, so the answer is exactly what the function returned (no spanId added to it).
      const bytes = Buffer.from(JSON.stringify(body) ?? 'null');
      if (bytes.length > FUNCTION_REPLY_MAX_BYTES)
        throw functionBadOutput(fn.shortname, `the response is larger than ${FUNCTION_REPLY_MAX_BYTES} bytes`);
      return { status: 200, body: bytes, headers };
    }
  }
}
