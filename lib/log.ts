// Structured JSON logger that cannot leak request data by construction. Powertools' Logger does the
// logging (levels, children, printing, the Lambda context of injectLambdaContext); our redaction is
// its public formatter hook (a LogFormatter subclass), which also keeps Powertools' Lambda keys
// (request id, cold start, X-Ray trace id, correlation id) so a line joins API Gateway's access log
// and X-Ray:
// - fields are flat primitives only, so a body, event or headers object cannot be passed whole
//   (and one that slips past the types is redacted, not serialised);
// - keys that name secrets or content (api+key, tokens, connection strings, bodies, answers) are
//   replaced by "[redacted]" whatever their value;
// - every string (message included) is scrubbed of things shaped like keys, JWTs and DSN passwords.
// Shared by HTTP handlers and queue workers, which is why it lives outside lib/http.

import { Logger as PowertoolsLogger, LogFormatter, LogItem } from '@aws-lambda-powertools/logger';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { ConstructorOptions, LogAttributes } from '@aws-lambda-powertools/logger/types';
import type { MiddlewareObj } from '@middy/core';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogValue = string | number | boolean | null | undefined;
export type LogFields = Record<string, LogValue>;

const SENSITIVE_KEY =
  /(api[+_-]?key|authorization|svcwt|token|secret|password|passwd|connection[_-]?string|dsn|^body$|^rawbody$|^answer$|^query$|^rag_query$|^messages$|cookie)/i;

const SCRUBBERS: [RegExp, string][] = [
  [/\bsk-[A-Za-z0-9_-]{8,}/g, 'sk-[redacted]'],
  [/\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g, '[redacted-jwt]'],
  // user:password@tcp(host) and scheme://user:password@host
  [/([A-Za-z0-9_.%-]+):[^\s@/]*@(?=tcp\()/g, '$1:[redacted]@'],
  [/([a-z][a-z0-9+.-]*:\/\/[^:/\s@]+):[^@\s]*@/gi, '$1:[redacted]@'],
  [/(Bearer\s+)[A-Za-z0-9._~+/=-]+/gi, '$1[redacted]'],
];

export function scrub(text: string): string {
  let out = text;
  for (const [pattern, replacement] of SCRUBBERS) out = out.replace(pattern, replacement);
  return out.length > 2000 ? `${out.slice(0, 2000)}…` : out;
}

function clean(fields: Record<string, unknown>): LogFields {
  const out: LogFields = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (SENSITIVE_KEY.test(key) || (value !== null && typeof value === 'object') || typeof value === 'function')
      out[key] = '[redacted]';
    else out[key] = typeof value === 'string' ? scrub(value) : (value as LogValue);
  }
  return out;
}

/** Name, code and scrubbed message of an error; a stack only for our own (non-service) failures. */
export function errorFields(e: unknown): LogFields {
  if (!(e instanceof Error)) return { error: scrub(String(e)) };
  const code = (e as { code?: unknown }).code;
  return {
    errorName: e.name,
    errorCode: typeof code === 'string' || typeof code === 'number' ? code : undefined,
    errorMessage: scrub(e.message),
    stack: e.name === 'ServiceError' ? undefined : scrub(e.stack ?? ''),
  };
}

export type LogSink = (line: string) => void;

export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
  child(fields: LogFields): Logger;
}

/**
 * Every line as `{level, time, msg, ...Lambda keys, ...fields}`, redacted and scrubbed. The Lambda
 * keys come from Powertools once injectLambdaContext has run (absent elsewhere): `function_request_id`,
 * `cold_start`, `xray_trace_id`; `correlation_id` (API Gateway's request id) comes with the fields.
 * Service name and sampling rate are left out: one service writes these logs.
 */
export class RedactingFormatter extends LogFormatter {
  formatAttributes(attributes: Parameters<LogFormatter['formatAttributes']>[0], additional: LogAttributes): LogItem {
    const lambda = attributes.lambdaContext;
    return new LogItem({
      attributes: {
        level: attributes.logLevel.toLowerCase(),
        time: this.formatTimestamp(attributes.timestamp),
        msg: scrub(attributes.message),
        ...clean({
          function_request_id: lambda?.awsRequestId,
          cold_start: lambda?.coldStart,
          xray_trace_id: attributes.xRayTraceId,
          ...additional,
        }),
      },
    });
  }
}

/**
 * For tests only: Powertools' Logger writing each formatted line to a test's array instead of
 * stdout, children included. Deployed and local code use Powertools' Logger as it is.
 */
class SinkLogger extends PowertoolsLogger {
  constructor(
    private readonly sink: LogSink,
    options: ConstructorOptions,
  ) {
    super(options);
  }

  protected override createLogger(options?: ConstructorOptions): SinkLogger {
    return new SinkLogger(this.sink, options ?? {});
  }

  protected override printLog(_level: number, log: LogItem): void {
    this.sink(JSON.stringify(log.getAttributes()));
  }
}

const powertoolsOf = new WeakMap<Logger, PowertoolsLogger>();

function wrap(pt: PowertoolsLogger): Logger {
  // Fields go as Powertools' extra input; undefined ones are dropped by the formatter.
  const log: Logger = {
    debug: (m, f) => pt.debug(m, f ?? {}),
    info: (m, f) => pt.info(m, f ?? {}),
    warn: (m, f) => pt.warn(m, f ?? {}),
    error: (m, f) => pt.error(m, f ?? {}),
    child: (fields) => wrap(pt.createChild({ persistentKeys: fields })),
  };
  powertoolsOf.set(log, pt);
  return log;
}

export function createLogger(options: { level?: LogLevel; sink?: LogSink; base?: LogFields } = {}): Logger {
  const settings: ConstructorOptions = {
    logLevel: options.level ?? 'info',
    logFormatter: new RedactingFormatter(),
    persistentKeys: options.base ?? {},
  };
  return wrap(options.sink ? new SinkLogger(options.sink, settings) : new PowertoolsLogger(settings));
}

/**
 * Powertools' injectLambdaContext for `log` (children made during the invocation inherit the
 * context), with API Gateway's request id as the correlation id; both are cleared after the
 * invocation. Outermost, so every other middleware's lines carry them.
 */
export function lambdaContext<E, R>(log: Logger): MiddlewareObj<E, R> {
  const pt = powertoolsOf.get(log);
  // A logger not made here (a test's stand-in) has no Powertools context to inject.
  if (!pt) return {};
  const inject = injectLambdaContext(pt, { resetKeys: true }) as MiddlewareObj<E, R>;
  return {
    ...inject,
    before: async (request) => {
      await inject.before?.(request);
      const requestId = (request.event as { requestContext?: { requestId?: unknown } }).requestContext?.requestId;
      if (typeof requestId === 'string' && requestId) pt.setCorrelationId(requestId);
    },
  };
}

let root: Logger | undefined;

/** The process-wide logger; its level comes from FNQ_LOG_LEVEL. */
export function rootLogger(): Logger {
  root ??= createLogger({ level: (process.env.FNQ_LOG_LEVEL as LogLevel | undefined) ?? 'info' });
  return root;
}
