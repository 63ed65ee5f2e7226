// Reads the fields of one JSON object of the definition, reporting missing, mistyped and unknown
// fields with their pointers. Shared by every level (top, requirements, query params, file schema).
import { closestName, describeValue, escapeToken, ViolationList } from './violations';

export type JsonObject = Record<string, unknown>;

export const isJsonObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

type JsonType = 'string' | 'boolean' | 'array' | 'object';

const withArticle = (type: JsonType) => (type === 'array' || type === 'object' ? `an ${type}` : `a ${type}`);

const jsonTypeOf = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;

export class FieldReader {
  constructor(
    readonly fields: JsonObject,
    /** Pointer of `fields` itself. */
    readonly pointer: string,
    readonly violations: ViolationList,
  ) {}

  at(key: string): string {
    return `${this.pointer}/${escapeToken(key)}`;
  }

  has(key: string): boolean {
    return this.fields[key] !== undefined;
  }

  /**
   * Every field not in `known` is a violation: a misspelt optional field (`inputSchma`) would
   * otherwise be ignored and silently change what the function accepts.
   */
  rejectUnknown(known: readonly string[], where: string, nested?: { fields: readonly string[]; parent: string }): void {
    for (const key of Object.keys(this.fields)) {
      if (known.includes(key)) continue;
      const guess = closestName(key, known);
      const elsewhere = nested && closestName(key, nested.fields);
      this.violations.add(
        this.at(key),
        'field.unknown',
        `${where} has an unknown field "${key}"`,
        guess
          ? `Did you mean "${guess}"? Rename it, or remove it.`
          : elsewhere
            ? `"${elsewhere}" belongs inside "${nested.parent}"; move it there${elsewhere === key ? '' : ' and check its spelling'}.`
            : `Remove it; the allowed fields are ${known.join(', ')}.`,
      );
    }
  }

  string(key: string, mandatory = false): string | undefined {
    return this.typed(key, 'string', mandatory) as string | undefined;
  }

  boolean(key: string): boolean | undefined {
    return this.typed(key, 'boolean', false) as boolean | undefined;
  }

  array(key: string, mandatory = false): unknown[] | undefined {
    return this.typed(key, 'array', mandatory) as unknown[] | undefined;
  }

  object(key: string, mandatory = false): JsonObject | undefined {
    return this.typed(key, 'object', mandatory) as JsonObject | undefined;
  }

  private typed(key: string, type: JsonType, mandatory: boolean): unknown {
    const value = this.fields[key];
    if (value === undefined) {
      if (mandatory)
        this.violations.add(
          this.at(key),
          'field.missing',
          `"${key}" is missing`,
          `Add "${key}" (${withArticle(type)}).`,
        );
      return undefined;
    }
    if (jsonTypeOf(value) === type) return value;
    this.violations.add(
      this.at(key),
      'field.type',
      `"${key}" must be ${withArticle(type)}, not ${describeValue(value)}`,
      `Write "${key}" as a JSON ${type}.`,
    );
    return undefined;
  }
}
