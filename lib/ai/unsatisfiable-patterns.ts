// The caller's regular expressions, as the checks of a structured_output schema meet them: only ever
// run on RE2 (linear in the text), never on a backtracking engine, which a pattern such as
// `^(a+)+$` keeps busy for minutes on a 30-character name. A pattern RE2 cannot read (lookaround,
// backreferences) is refused before any work (structured-output.ts); until then the checks treat it
// as unknown, never as a reason to refuse.
import { createAjv } from '../json-schema';
import { linearRegExp } from '../spec/linear-regexp';
import type { JsonSchema } from './ports';
import { DATA_KEYWORDS } from './schema-nodes';

/** True when RE2 reads the pattern (linearRegExp falls back to the native engine otherwise). */
export function runsLinear(pattern: string): boolean {
  try {
    return !(linearRegExp(pattern, 'u') instanceof RegExp);
  } catch {
    return false;
  }
}

/** Whether the pattern matches `text`: undefined when it cannot be run in linear time. */
export function linearMatch(pattern: string, text: string): boolean | undefined {
  let compiled;
  try {
    compiled = linearRegExp(pattern, 'u');
  } catch {
    return undefined;
  }
  return compiled instanceof RegExp ? undefined : compiled.test(text);
}

/** An Ajv that refuses to compile a schema with a pattern RE2 cannot read, rather than backtrack on it. */
export const linearOnlyAjv = () =>
  createAjv({
    code: {
      regExp: Object.assign(
        (pattern: string, flags: string) => {
          if (!runsLinear(pattern)) throw new Error('pattern not run in linear time');
          return linearRegExp(pattern, flags);
        },
        { code: 'linearRegExp' },
      ),
    },
  });

const MAX_PATTERNS = 10_000;

/** Every `pattern` and `patternProperties` key in the schema that RE2 cannot read, with its place. */
export function nonLinearPatterns(schema: unknown): { at: string; pattern: string }[] {
  const found: { at: string; pattern: string }[] = [];
  let seen = 0;
  const visit = (node: unknown, at: string) => {
    if (seen++ > MAX_PATTERNS || typeof node !== 'object' || node === null) return;
    if (Array.isArray(node)) return node.forEach((v, i) => visit(v, `${at}/${i}`));
    const object = node as JsonSchema;
    if (typeof object.pattern === 'string' && !runsLinear(object.pattern))
      found.push({ at: `${at}/pattern`, pattern: object.pattern });
    const patterns = object.patternProperties;
    if (typeof patterns === 'object' && patterns !== null && !Array.isArray(patterns))
      for (const key of Object.keys(patterns))
        if (!runsLinear(key)) found.push({ at: `${at}/patternProperties`, pattern: key });
    for (const [key, value] of Object.entries(object)) if (!DATA_KEYWORDS.has(key)) visit(value, `${at}/${key}`);
  };
  visit(schema, '#');
  return found;
}
