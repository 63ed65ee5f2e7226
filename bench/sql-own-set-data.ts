// Our own text-to-SQL question sets (bench/data/sql-own-set-*.json): a schema, its rows and questions
// with gold SQL, written before the engine ran on them. Read here, and loaded into a MariaDB of
// tests/support/mariadb.ts (TLS) for bench/sql-own-set.ts and the test that runs every gold query.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Connection } from 'mysql2/promise';
import type { MariaDbServer } from '../tests/support/mariadb';
import type { Shape } from './sql';

/** The path of own set `n` (1: beekeeping, 2: a community theatre, 3: a cycling club, 4: a municipal library; 5-8, a veterinary
 * clinic, a bakery chain, a music school and a museum, were written by the integrator and kept from the rule writers). */
export const ownSetPath = (n: number) => fileURLToPath(new URL(`data/sql-own-set-${n}.json`, import.meta.url));
export const OWN_SETS = [1, 2, 3, 4, 5, 6, 7, 8] as const;
export const OWN_SET_1 = ownSetPath(1);
/** Sets written by the integrator and kept from the rule writers: their figures are totals only. */
export const INTEGRATOR_SQL_SETS: readonly number[] = [5, 6, 7, 8];

/** A question with one right reading (gold SQL and its shape), or one the engine should ask back about. */
export type OwnQuestion =
  { id: string; question: string; shape: Shape; gold: string } | { id: string; question: string; decline: string };

export interface OwnSet {
  header: string[];
  database: string;
  /** CREATE TABLE statements, in an order their foreign keys allow. */
  ddl: string[];
  tables: Record<string, { columns: string[]; rows: (string | number | null)[][] }>;
  questions: OwnQuestion[];
}

export const readOwnSet = async (path = OWN_SET_1): Promise<OwnSet> => JSON.parse(await readFile(path, 'utf8'));

const quoteIdentifier = (name: string) => `\`${name.replace(/`/g, '``')}\``;

/** Creates the set's database with its rows and lets the server's test user read it. */
export async function loadOwnSet(server: MariaDbServer, set: OwnSet): Promise<void> {
  const admin: Connection = await server.admin();
  try {
    const database = quoteIdentifier(set.database);
    await admin.query(`DROP DATABASE IF EXISTS ${database}`);
    await admin.query(`CREATE DATABASE ${database} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await admin.query(`USE ${database}`);
    for (const statement of set.ddl) await admin.query(statement);
    for (const [table, { columns, rows }] of Object.entries(set.tables)) {
      if (!rows.length) continue;
      await admin.query(`INSERT INTO ${quoteIdentifier(table)} (${columns.map(quoteIdentifier).join(', ')}) VALUES ?`, [
        rows,
      ]);
    }
    await admin.query(`GRANT SELECT ON ${database}.* TO '${server.user.replace(/'/g, "''")}'@'%'`);
  } finally {
    await admin.end();
  }
}
