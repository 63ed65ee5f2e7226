// Whether a text is a value of a JSON Schema string format, with the checks the service validates with
// (ajv-formats' full ones), so a value the engine fills in passes the service's validation; and
// whether it matches a schema's `pattern`, in time linear in the text, as the service matches it.
import { fullFormats } from 'ajv-formats/dist/formats';
import { RE2JS } from 're2js';

/**
 * Whether `text` is a value of the string `format` (ajv-formats' full checks, the ones the service
 * validates with): true for a format it does not know. Times and date-times may leave out seconds.
 */
export function formatAccepts(format: string, text: string): boolean {
  const name = format === 'time' ? 'iso-time' : format === 'date-time' ? 'iso-date-time' : format;
  const check = (fullFormats as Record<string, unknown>)[name];
  const value =
    (name === 'iso-time' || name === 'iso-date-time') && /(?:^|[T ])\d{2}:\d{2}(?=$|[Zz+-])/.test(text)
      ? text.replace(/(\d{2}:\d{2})(?=$|[Zz+-])/, '$1:00')
      : text;
  if (check instanceof RegExp) return check.test(value);
  if (typeof check === 'function') return Boolean((check as (s: string) => boolean)(value));
  if (typeof check === 'object' && check !== null && 'validate' in check) {
    const validate = (check as { validate: RegExp | ((s: string) => boolean) }).validate;
    return validate instanceof RegExp ? validate.test(value) : Boolean(validate(value));
  }
  return true;
}

/** A compiled schema pattern, run on RE2 (linear in the text). */
export interface PatternTest {
  test(text: string): boolean;
}
const matchers = new Map<string, PatternTest | null>();
/** Distinct patterns kept compiled: callers' schemas differ, and the cache must not grow with them. */
const MAX_MATCHERS = 256;

/**
 * A schema's `pattern` compiled with RE2, or null when RE2 cannot read it (lookaround, backreferences)
 * or it does not compile: a caller's pattern such as `^(\\w+\\s?)*$` takes a backtracking engine minutes
 * on one sentence. One cache for every reader of patterns in the engine.
 */
export function patternMatcher(pattern: string): PatternTest | null {
  let matcher = matchers.get(pattern);
  if (matcher === undefined) {
    try {
      const re = RE2JS.compile(pattern);
      matcher = { test: (text) => re.matcher(text).find() };
    } catch {
      matcher = null;
    }
    if (matchers.size >= MAX_MATCHERS) matchers.delete(matchers.keys().next().value as string);
    matchers.set(pattern, matcher);
  }
  return matcher;
}

/**
 * Whether `text` matches a schema's `pattern` (unanchored, as JSON Schema reads it). True for a
 * pattern RE2 cannot read, which the service refuses in a structured-output schema before any work,
 * and for one that does not compile.
 */
export function patternAccepts(pattern: string, text: string): boolean {
  const matcher = patternMatcher(pattern);
  return matcher === null || matcher.test(text);
}
