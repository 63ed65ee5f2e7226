// The regular-expression engine of every Ajv the service builds: `pattern` and `patternProperties`
// come from function authors and callers, and a backtracking engine lets one of them spend minutes
// on a 30-character string. RE2 (re2js, pure JavaScript) matches in time linear in the input.
import { RE2JS } from 're2js';

interface RegExpLike {
  test(text: string): boolean;
}

class Re2Pattern implements RegExpLike {
  constructor(
    private readonly re: ReturnType<typeof RE2JS.compile>,
    private readonly source: string,
  ) {}
  test(text: string): boolean {
    return this.re.matcher(text).find();
  }
  /** Ajv keys its compiled patterns by this text: it must differ between patterns, as RegExp's does. */
  toString(): string {
    return `re2:/${this.source}/`;
  }
}

/**
 * Ajv's `code.regExp` option. A pattern RE2 cannot read (lookaround, backreferences) keeps the
 * native engine: such schemas are only ever checked inside the validation worker's deadline.
 */
export const linearRegExp = Object.assign(
  (pattern: string, flags: string): RegExpLike => {
    try {
      return new Re2Pattern(RE2JS.compile(pattern, flags.includes('i') ? RE2JS.CASE_INSENSITIVE : 0), pattern);
    } catch {
      return new RegExp(pattern, flags);
    }
  },
  { code: 'linearRegExp' },
);
