import { describe, expect, it } from 'vitest';
import type { DatabaseSchema } from '@fnquery/contracts';
import { column, database, table } from './schema-builders';
import { writeSql } from '../src/engine';
import { assessSql } from '../src/sql';

// A ferry line whose fares come as a lowest and a highest, and whose ferries have a home port and a last
// port of call (the same harbours in both), sailing on routes between two ports.
const line: DatabaseSchema = database('ferry_line', [
  table(
    'ferry',
    [
      column('ferry_id', 'int(11)'),
      column('name', 'varchar(40)'),
      column('lowest_fare', 'decimal(6,2)'),
      column('highest_fare', 'decimal(6,2)'),
      column('home_port', 'varchar(40)', ['Kells', 'Oban']),
      column('last_port', 'varchar(40)', ['Kells', 'Bergen']),
      column('built_year', 'int(11)'),
      column('crew', 'int(11)'),
    ],
    {
      primaryKey: ['ferry_id'],
      sampleRows: [
        [1, 'Aurora', 12, 30, 'Kells', 'Bergen', 1998, 14],
        [2, 'Tern', 8, 20, 'Oban', 'Kells', 2011, 6],
      ],
    },
  ),
  table('route', [column('route_id', 'int(11)'), column('name', 'varchar(40)'), column('ferry_id', 'int(11)')], {
    primaryKey: ['route_id'],
    foreignKeys: [{ columns: ['ferry_id'], referencedTable: 'ferry', referencedColumns: ['ferry_id'] }],
    sampleRows: [[1, 'Kells to Bergen', 1]],
  }),
]);

const draftOf = (question: string) => writeSql({ question, schema: line }).value;

describe('rival readings (ambiguity by execution)', () => {
  it('a column of the same words in the same table: the other column is the rival', () => {
    expect(draftOf('What is the fare of the ferry Aurora?')).toEqual({
      sql: "SELECT `lowest_fare` FROM `ferry` WHERE `name` = 'Aurora'",
      rivals: [
        {
          kind: 'column',
          sql: "SELECT `highest_fare` FROM `ferry` WHERE `name` = 'Aurora'",
          reading: 'the column "ferry.lowest_fare" or "ferry.highest_fare" for "fare"',
        },
      ],
      probes: [{ sql: "SELECT `name` FROM `ferry` WHERE `name` = 'Aurora' LIMIT 1", said: '"Aurora" in "ferry.name"' }],
    });
  });

  it('a value two columns store, its column not named: the other column is the rival', () => {
    const draft = draftOf('Which ferries are from Kells?');
    expect(draft).toEqual({
      sql: "SELECT `name` FROM `ferry` WHERE `home_port` = 'Kells'",
      rivals: [
        {
          kind: 'value',
          sql: "SELECT `name` FROM `ferry` WHERE `last_port` = 'Kells'",
          reading: 'the value "Kells" as "ferry.home_port" or as "ferry.last_port"',
        },
      ],
      probes: [
        {
          sql: "SELECT `home_port` FROM `ferry` WHERE `home_port` = 'Kells' LIMIT 1",
          said: '"Kells" in "ferry.home_port"',
        },
      ],
    });
    // Named, the column is read, not guessed.
    expect(draftOf('How many ferries have a home port of Kells?')).toMatchObject({
      sql: "SELECT COUNT(*) FROM `ferry` WHERE `home_port` = 'Kells'",
    });
    expect(draftOf('How many ferries have a home port of Kells?')).not.toHaveProperty('rivals');
  });

  it('a shown column of the same name in a joined table: swapped where shown, not in the condition', () => {
    // Declined by its confidence too (it would show the name the question fixes); the rival says why as well.
    expect(assessSql('Show the names of routes sailed by the ferry Aurora.', line).rivals).toContainEqual({
      kind: 'joined column',
      sql: "SELECT t2.`name` FROM `ferry` AS t1 JOIN `route` AS t2 ON t1.`ferry_id` = t2.`ferry_id` WHERE t1.`name` = 'Aurora'",
      reading: 'the column "ferry.name" or "route.name" for "names"',
    });
  });

  it('a join that can repeat a shown row: the rival lists each once', () => {
    const draft = draftOf('Show the names of ferries that sail a route.');
    expect('sql' in draft && draft.sql).toBe(
      'SELECT t1.`name` FROM `ferry` AS t1 JOIN `route` AS t2 ON t1.`ferry_id` = t2.`ferry_id`',
    );
    expect('sql' in draft && draft.rivals).toContainEqual({
      kind: 'repeated rows',
      sql: 'SELECT DISTINCT t1.`name` FROM `ferry` AS t1 JOIN `route` AS t2 ON t1.`ferry_id` = t2.`ferry_id`',
      reading: 'each row once or once for every row it meets in "route"',
    });
    // A route names its one ferry: listing routes with their ferry repeats nothing.
    const lookup = assessSql('Show the route names and the ferry names.', line);
    expect(lookup.sql).toMatch(/JOIN/);
    expect(lookup.rivals.map((r) => r.kind)).not.toContain('repeated rows');
  });

  it("a shown column of another table than the one named after its words: that table's column is the rival", () => {
    // Cargo carried on voyages: both tables keep details, under names that match "details" equally.
    const yard: DatabaseSchema = database('yard', [
      table('voyage', [column('voyage_id', 'int(11)'), column('voyage_details', 'varchar(80)')], {
        primaryKey: ['voyage_id'],
      }),
      table(
        'cargo',
        [
          column('cargo_id', 'int(11)'),
          column('voyage_id', 'int(11)'),
          column('other_details', 'varchar(80)'),
          column('weight', 'int(11)'),
        ],
        {
          primaryKey: ['cargo_id'],
          foreignKeys: [{ columns: ['voyage_id'], referencedTable: 'voyage', referencedColumns: ['voyage_id'] }],
        },
      ),
    ]);
    const assessed = assessSql('What are the details of the voyages with cargo heavier than 20?', yard);
    expect(assessed.sql).toBe(
      'SELECT t1.`other_details` FROM `cargo` AS t1 JOIN `voyage` AS t2 ON t1.`voyage_id` = t2.`voyage_id` WHERE t1.`weight` > 20',
    );
    expect(assessed.rivals).toContainEqual({
      kind: 'named table column',
      sql: 'SELECT t2.`voyage_details` FROM `cargo` AS t1 JOIN `voyage` AS t2 ON t1.`voyage_id` = t2.`voyage_id` WHERE t1.`weight` > 20',
      reading: 'the column "cargo.other_details" or "voyage.voyage_details" for "details" of "voyage"',
    });
    expect(assessSql('Show the details of each cargo.', yard).rivals).toEqual([]);
  });

  it('a count over a join that can repeat rows: the rival counts each row of the counted table once', () => {
    expect(assessSql('How many ferries sail routes with a route id above 3?', line).rivals).toContainEqual({
      kind: 'counted rows',
      sql: 'SELECT COUNT(DISTINCT t1.`ferry_id`) FROM `ferry` AS t1 JOIN `route` AS t2 ON t1.`ferry_id` = t2.`ferry_id` WHERE t2.`route_id` > 3',
      reading: 'the number of rows of "ferry" or of the rows the join makes',
    });
    // One table's rows repeat nothing.
    expect(assessSql('How many ferries were built after 2000?', line).rivals).toEqual([]);
  });

  it('the values a query tests come with probes of their columns, a value in a subquery too', () => {
    const { probes } = assessSql('Which ferries have a crew larger than the crew of the ferry Tern?', line);
    expect(probes).toContainEqual({
      sql: "SELECT `name` FROM `ferry` WHERE `name` = 'Tern' LIMIT 1",
      said: '"Tern" in "ferry.name"',
    });
    expect(assessSql('List the names of ferries built after 2000.', line).probes).toEqual([]);
  });

  it('two columns that fit equally, the first listed taken: the question over the columns in reverse order is the rival', () => {
    // Deckhands have a first and a last name and no column of names: which one shows "which deckhands" is
    // decided by nothing but the order the database lists them in.
    const crew: DatabaseSchema = database('crew', [
      table(
        'deckhand',
        [
          column('deckhand_id', 'int(11)'),
          column('first_name', 'varchar(40)'),
          column('last_name', 'varchar(40)'),
          column('age', 'int(11)'),
        ],
        { primaryKey: ['deckhand_id'], sampleRows: [[1, 'Ines', 'Varro', 30]] },
      ),
    ]);
    expect(assessSql('Which deckhands are older than 40?', crew).rivals).toEqual([
      {
        kind: 'column order',
        sql: 'SELECT `last_name` FROM `deckhand` WHERE `age` > 40',
        reading: 'the column "deckhand.first_name" or "deckhand.last_name", which fit the question equally well',
      },
    ]);
    // The same columns in another order are the same reading.
    expect(assessSql('Show the last name and first name of deckhands older than 40.', crew).rivals).toEqual([]);
  });

  it('a question read one way only has no rival', () => {
    expect(draftOf('List the names of ferries built after 2000.')).toEqual({
      sql: 'SELECT `name` FROM `ferry` WHERE `built_year` > 2000',
    });
  });

  it('a repair turn has no rival: it answers a simpler question already', () => {
    const failures = [{ sql: "SELECT `lowest_fare` FROM `ferry` WHERE `name` = 'Aurora'", error: 'timed out' }];
    const draft = writeSql({ question: 'What is the fare of the ferry Aurora?', schema: line, failures }).value;
    expect(draft).toHaveProperty('sql');
    expect(draft).not.toHaveProperty('rivals');
  });
});
