// A structured-output answer from a query result. The filling itself is the heuristic engine's shared
// one (structured-answer.ts: properties take the result field with the most similar name, converted
// to their type); this file only lays the rows out as such fields. A one-row result offers its
// columns as fields; a longer one offers each column as a list and the rows as objects, also under
// the name of any list-of-objects property the schema asks for, since rows carry no name of their own.
import type { JsonSchema } from '@fnquery/contracts';
import type { SqlRows } from './sql-answer';
import { structuredAnswer } from './structured-answer';
import { sharedSubject } from './structured-evidence';

/** Result columns as field names: `t1.name` → name, `COUNT(*)` → count, `AVG(age)` → average age. */
const fieldName = (column: string) =>
  column
    .replace(/[`"]/g, '')
    .replace(/^(\w+)\s*\((?:distinct\s+)?(?:\w+\.)?([^)]*)\)$/i, (_, f: string, inner: string) =>
      `${{ avg: 'average', sum: 'total' }[f.toLowerCase()] ?? f.toLowerCase()} ${inner.replace('*', '')}`.trim(),
    )
    .replace(/^\w+\./, '');

function resultFields(schema: JsonSchema, { columns, rows }: SqlRows): Record<string, unknown> {
  const names = columns.map(fieldName);
  const records = rows.map((row) => Object.fromEntries(names.map((name, i) => [name, row[i]])));
  const fields: Record<string, unknown> =
    rows.length === 1 ? { ...records[0] } : Object.fromEntries(names.map((name, i) => [name, rows.map((r) => r[i])]));
  fields.rows = records;
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  for (const [name, property] of Object.entries(properties)) {
    const items = property.items as JsonSchema | undefined;
    if (property.type === 'array' && items?.type === 'object' && !(name in fields)) fields[name] = records;
  }
  return fields;
}

/** The rows as the schema's JSON; `question` names the subject a `name` property may take from a text column. */
export function structuredRows(
  schema: JsonSchema,
  result: SqlRows,
  answer: string,
  question = '',
): Record<string, unknown> {
  const fields = resultFields(schema, result);
  // Text columns ("description") are evidence too: a schema may ask for facts stated only in them.
  const texts = result.rows.flatMap((row) => row.filter((v): v is string => typeof v === 'string' && /\s/.test(v)));
  const evidence = [answer, ...texts].join('\n');
  const subject = sharedSubject(question, evidence);
  return structuredAnswer(schema, fields, { text: answer, evidence, ...(subject !== undefined && { subject }) });
}
