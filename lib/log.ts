// Structured JSON logger that cannot leak request data by construction. Powertools' Logger does the
// logging (levels, children, Lambda context); its formatter is ours and applies the redaction:
// - fields are flat primitives only, so a body, event or headers object cannot be passed whole
//   (and one that slips past the types is redacted, not serialised);
// - keys that name secrets or content (api+key, tokens, connection strings, bodies, answers) are
//   replaced by "[redacted]" whatever their value;
// - every string (message included) is scrubbed of things shaped like keys, JWTs and DSN passwords.
// Shared by HTTP handlers and queue workers, which is why it lives outside lib/http.

import { Logger as PowertoolsLogger, LogFormatter, LogItem } from '@aws-lambda-powertools/logger';
import type { ConstructorOptions, LogAttributes } from '@aws-lambda-powertools/logger/types';

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
 * Every line as `{level, time, msg, ...fields}`, redacted and scrubbed. Powertools' own keys
 * (service, sampling rate, X-Ray id) are left out: the span id ties a request's lines together.
 */
export class RedactingFormatter extends LogFormatter {
  formatAttributes(attributes: Parameters<LogFormatter['formatAttributes']>[0], additional: LogAttributes): LogItem {
    return new LogItem({
      attributes: {
        level: attributes.logLevel.toLowerCase(),
        time: this.formatTimestamp(attributes.timestamp),
        msg: scrub(attributes.message),
        ...clean(additional),
      },
    });
  }
}

const stdoutSink: LogSink = (line) => process.stdout.write(`${line}\n`);

/** Powertools' Logger writing each formatted line to one sink (stdout, or a test's array). */
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

  // One JSON line per entry on one stream, empty strings and nulls kept (Powertools' own printing
  // drops them and sends warnings and errors to stderr).
  protected override printLog(_level: number, log: LogItem): void {
    this.sink(JSON.stringify(log.getAttributes()));
  }
}

function wrap(pt: PowertoolsLogger): Logger {
  // Fields go as Powertools' extra input; undefined ones are dropped by the formatter.
  return {
    debug: (m, f) => pt.debug(m, f ?? {}),
    info: (m, f) => pt.info(m, f ?? {}),
    warn: (m, f) => pt.warn(m, f ?? {}),
    error: (m, f) => pt.error(m, f ?? {}),
    child: (fields) => wrap(pt.createChild({ persistentKeys: fields })),
  };
}

export function createLogger(options: { level?: LogLevel; sink?: LogSink; base?: LogFields } = {}): Logger {
  return wrap(
    new SinkLogger(options.sink ?? stdoutSink, {
      logLevel: options.level ?? 'info',
      logFormatter: new RedactingFormatter(),
      persistentKeys: options.base ?? {},
    }),
  );
}

let root: Logger | undefined;

/** The process-wide logger; its level comes from FNQ_LOG_LEVEL. */
export function rootLogger(): Logger {
  root ??= createLogger({ level: (process.env.FNQ_LOG_LEVEL as LogLevel | undefined) ?? 'info' });
  return root;
}
