// Structured JSON logger that cannot leak request data by construction:
// - fields are flat primitives only, so a body, event or headers object cannot be passed whole;
// - keys that name secrets or content (api+key, tokens, connection strings, bodies, answers) are
//   replaced by "[redacted]" whatever their value;
// - every string (message included) is scrubbed of things shaped like keys, JWTs and DSN passwords.
// Shared by HTTP handlers and queue workers, which is why it lives outside lib/http.

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogValue = string | number | boolean | null | undefined;
export type LogFields = Record<string, LogValue>;

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

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

function clean(fields: LogFields): LogFields {
  const out: LogFields = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    out[key] = SENSITIVE_KEY.test(key) ? '[redacted]' : typeof value === 'string' ? scrub(value) : value;
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

const stdoutSink: LogSink = (line) => process.stdout.write(`${line}\n`);

export function createLogger(options: { level?: LogLevel; sink?: LogSink; base?: LogFields } = {}): Logger {
  const min = ORDER[options.level ?? 'info'] ?? ORDER.info;
  const sink = options.sink ?? stdoutSink;
  const base = clean(options.base ?? {});
  const write = (level: LogLevel, msg: string, fields: LogFields = {}) => {
    if (ORDER[level] < min) return;
    sink(JSON.stringify({ level, time: new Date().toISOString(), msg: scrub(msg), ...base, ...clean(fields) }));
  };
  return {
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
    child: (fields) => createLogger({ level: options.level, sink, base: { ...base, ...fields } }),
  };
}

let root: Logger | undefined;

/** The process-wide logger; its level comes from FNQ_LOG_LEVEL. */
export function rootLogger(): Logger {
  root ??= createLogger({ level: (process.env.FNQ_LOG_LEVEL as LogLevel | undefined) ?? 'info' });
  return root;
}
