// The route and MCP tool schemas are the service's own: their `pattern`s are written here, not by a
// caller or a function author, so their generated validators use JavaScript's own engine and the
// bundles of the routes that check them need not load RE2 (147 KB) on a cold start. That is safe only
// while no pattern can backtrack without bound: this check refuses, at generate time, a quantified
// group that holds a quantifier or an alternation, unless the group starts with a literal character
// none of its other parts can match (each repetition begins where the input fixes it:
// `^[a-z0-9]+(,[a-z0-9]+)*$`), and backreferences and lookaround.
import type { JsonSchema } from '../../lib/json-schema';

/** The `pattern`s in a schema, at any depth. */
export function patternsOf(schema: unknown, out: string[] = []): string[] {
  if (Array.isArray(schema)) for (const s of schema) patternsOf(s, out);
  else if (schema && typeof schema === 'object')
    for (const [key, value] of Object.entries(schema as Record<string, unknown>)) {
      if (key === 'pattern' && typeof value === 'string') out.push(value);
      else patternsOf(value, out);
    }
  return out;
}

const QUANTIFIED_GROUP = /\(([^()]*)\)(?:[*+]|\{\d*,\d*\})/g;
const QUANTIFIER = /(?<!\\)(?:[*+]|\{\d*,\d*\})/;
const CLASS = /\[(?:\\.|[^\]])*\]/g;

/** Why a pattern could backtrack without bound, or undefined when it cannot. */
export function unboundedBacktracking(pattern: string): string | undefined {
  if (/\\[1-9]|\(\?[=!<]/.test(pattern)) return 'it uses a backreference or lookaround';
  for (const [, body] of pattern.matchAll(QUANTIFIED_GROUP)) {
    if (!QUANTIFIER.test(body!) && !body!.includes('|')) continue;
    const first = body![0]!;
    const rest = body!.slice(1);
    // Once, not repeated itself: `(a+)+` has no delimiter.
    const literal = /^[^\\[.(|^$*+?{]$/.test(first) && !/^[*+?{]/.test(rest) && !rest.includes('|');
    const classes = rest.match(CLASS) ?? [];
    const restWithoutClasses = rest.replace(CLASS, '');
    const matchedInside =
      classes.some((c) => new RegExp(c, 'u').test(first)) ||
      /(?<!\\)\./.test(restWithoutClasses) ||
      restWithoutClasses.includes(first);
    if (!literal || matchedInside) return `the repeated group (${body}) holds a quantifier and no delimiter of its own`;
  }
  return undefined;
}

/** Throws when a schema's pattern could backtrack without bound (see the top of this file). */
export function assertOwnPatternsLinear(name: string, schema: JsonSchema): void {
  for (const pattern of patternsOf(schema)) {
    const why = unboundedBacktracking(pattern);
    if (why) throw new Error(`${name}: pattern ${pattern} could backtrack without bound: ${why}`);
  }
}
