// The shapes of the structured-output matrix: a subject's facts in each endpoint's form, and the
// schema kinds (cells) asked of it.
import type { JsonSchema } from '@fnquery/contracts';

export type Endpoint = 'function' | 'rdbms' | 'vectordb';
export interface SqlTable {
  columns: string[];
  rows: (string | number)[][];
}
export interface Cell {
  kind: string;
  schema: JsonSchema;
  /** Expected values; `undefined` = must be left out. */
  expected: Record<string, unknown>;
  /** An endpoint whose evidence holds this kind in another form (SQL rows have no lists; passages are cited). */
  on?: Partial<Record<Endpoint, { schema: JsonSchema; expected: Record<string, unknown>; rows?: SqlTable }>>;
}
export interface Subject {
  name: string;
  question: string;
  /** A function's result. */
  record: Record<string, unknown>;
  /** Retrieved passages, best first. */
  passages: { source: string; text: string }[];
  /** The rows of a SELECT (MySQL stores a boolean as 0 or 1). */
  row: SqlTable;
  cells: Cell[];
  /** Written by the integrator and kept from the rule writers: the bench prints its totals only. */
  integrator?: true;
}

export const object = (properties: Record<string, unknown>, required = Object.keys(properties)): JsonSchema => ({
  type: 'object',
  properties,
  required,
});

/** On the vectordb endpoint the array-of-objects kind is the passage cited, whole. */
export const citations = (source: string, text: string): NonNullable<Cell['on']>['vectordb'] => ({
  schema: object({
    citations: { type: 'array', items: object({ source: { type: 'string' }, text: { type: 'string' } }) },
  }),
  expected: { citations: [{ source, text }] },
});
