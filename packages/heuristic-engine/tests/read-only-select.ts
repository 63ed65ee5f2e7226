// What the engine promises of the SQL it writes, checked without the service: one statement that MariaDB's
// grammar reads, a SELECT (set operations and subqueries allowed) that reads only the schema's tables. The
// service's own guard, with its row cap and refusals, is run on the engine's SQL by the service's tests.
import mariadbGrammar from 'node-sql-parser/build/mariadb';
import type { DatabaseSchema } from '@fnquery/contracts';

const parser = new mariadbGrammar.Parser();

/** Throws, saying why, unless `sql` is one read-only SELECT over tables of `schema`. */
export function assertReadOnlySelect(sql: string, schema: DatabaseSchema): void {
  const ast = parser.astify(sql, { database: 'MariaDB' });
  const statements = Array.isArray(ast) ? ast : [ast];
  if (statements.length !== 1 || statements[0]!.type !== 'select') throw new Error(`not one SELECT: ${sql}`);
  const known = new Set(schema.tables.map((t) => t.name));
  // Entries read "select::<database>::<table>"; any other operation on a table is a write.
  for (const entry of parser.tableList(sql, { database: 'MariaDB' })) {
    const [operation, , table] = entry.split('::');
    if (operation !== 'select') throw new Error(`${operation} of ${table} in ${sql}`);
    if (!known.has(table!)) throw new Error(`table ${table} is not in the schema: ${sql}`);
  }
}
