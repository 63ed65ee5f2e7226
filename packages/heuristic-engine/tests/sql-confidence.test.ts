import { describe, expect, it } from 'vitest';
import type { DatabaseSchema } from '@fnquery/contracts';
import { column, database, table } from './schema-builders';
import { assessSql, heuristicSql } from '../src/sql';
import { writeSql } from '../src/engine';
import { confidenceOf, DOUBTS, type Doubts } from '../src/sql-confidence';
import { SQL_UNSURE_PREFIX } from '../src/turn';
import { MIN_CONFIDENCE } from '../src/sql-weights';

// A small harbour database: ferries and the ports they sail from.
const harbour: DatabaseSchema = database('harbour', [
  table(
    'ferry',
    [
      column('ferry_id', 'int(11)'),
      column('name', 'varchar(40)'),
      column('built_year', 'int(11)'),
      column('home_port_id', 'int(11)'),
      column('status', 'varchar(20)', ['active', 'retired']),
    ],
    {
      primaryKey: ['ferry_id'],
      foreignKeys: [{ columns: ['home_port_id'], referencedTable: 'port', referencedColumns: ['port_id'] }],
      sampleRows: [
        [1, 'Aurora', 1998, 1, 'active'],
        [2, 'Tern', 2011, 2, 'retired'],
      ],
    },
  ),
  table('port', [column('port_id', 'int(11)'), column('port_name', 'varchar(40)'), column('country', 'varchar(40)')], {
    primaryKey: ['port_id'],
    sampleRows: [
      [1, 'Kells', 'Ireland'],
      [2, 'Bergen', 'Norway'],
    ],
  }),
]);

const sqlOf = (question: string) => heuristicSql(question, harbour);
const declined = (question: string) => {
  const reply = sqlOf(question);
  expect(reply.startsWith(SQL_UNSURE_PREFIX)).toBe(true);
  return reply;
};

describe('confidence of a written query', () => {
  it('runs a question every word of which it read', () => {
    expect(sqlOf('What are the names of ferries built after 2000?')).toBe(
      'SELECT `name` FROM `ferry` WHERE `built_year` > 2000',
    );
    expect(sqlOf('Which ferries are retired?')).toBe("SELECT `name` FROM `ferry` WHERE `status` = 'retired'");
    expect(sqlOf('How many ferries does each port have?')).toMatch(/GROUP BY t1\.`port_name`$/);
  });

  it('declines an aggregate of a column no table has, naming the cue and the word', () => {
    const reply = declined('What is the average tonnage of the ferries?');
    expect(reply).toContain('"average"');
    expect(reply).toContain('"tonnage"');
    expect(reply).toMatch(/name the table and the columns/);
  });

  it('declines a superlative the query could not rank by, rather than listing every row', () => {
    expect(declined('What is the name of the oldest ferry?')).toContain('"oldest"');
    expect(declined('List the names of ferries with the most crossings.')).toContain('"crossings"');
  });

  it('declines words that describe the rows when no column holds them', () => {
    expect(declined('List the names of ferries painted blue.')).toContain('"painted", "blue"');
  });

  it('says its confidence and the threshold it missed', () => {
    const reply = declined('List the names of ferries painted blue.');
    const confidence = Number(/confidence (\d\.\d\d)/.exec(reply)?.[1]);
    // One table, no subquery: judged as a simple query.
    expect(confidence).toBeLessThan(MIN_CONFIDENCE.simple.value);
    expect(reply).toContain(`below ${MIN_CONFIDENCE.simple.value}`);
  });

  it('reaches the caller as the usual unsure draft, and a repair turn still writes SQL', () => {
    const draft = writeSql({ question: 'What is the average tonnage of the ferries?', schema: harbour }).value;
    expect(draft).toHaveProperty('unsure');
    expect('unsure' in draft && draft.unsure).toMatch(/too uncertain to run/);
    expect(heuristicSql('What is the average tonnage of the ferries?', harbour, 1)).toMatch(/^SELECT /);
  });

  it('lowers with every doubt, and is highest with none, in every shape', () => {
    const none = Object.fromEntries(DOUBTS.map((d) => [d, []])) as unknown as Doubts;
    for (const shape of ['simple', 'join', 'nested/set'] as const) {
      const base = confidenceOf(none, shape);
      for (const doubt of DOUBTS) expect(confidenceOf({ ...none, [doubt]: ['x'] }, shape)).toBeLessThan(base);
      expect(confidenceOf({ ...none, unreadWord: ['x', 'y'] }, shape)).toBeLessThan(
        confidenceOf({ ...none, unreadWord: ['x'] }, shape),
      );
    }
  });
});

// A depot of our own whose tables share words ("parts") and, undeclared, two key columns.
const depot: DatabaseSchema = database('depot', [
  table('parts_stock', [column('stock_id', 'int(11)'), column('bin', 'varchar(10)'), column('quantity', 'int(11)')], {
    primaryKey: ['stock_id'],
  }),
  table('parts_order', [column('order_id', 'int(11)'), column('supplier', 'varchar(40)')], {
    primaryKey: ['order_id'],
  }),
  table('delivery', [
    column('delivery_id', 'int(11)'),
    column('van_id', 'int(11)'),
    column('depot_id', 'int(11)'),
    column('driver', 'varchar(40)'),
  ]),
  table('van_shift', [
    column('shift_id', 'int(11)'),
    column('van_id', 'int(11)'),
    column('depot_id', 'int(11)'),
    column('shift_date', 'date'),
  ]),
]);

describe('doubts of the shapes a wrong answer often takes', () => {
  const doubtsOf = (question: string, schema = harbour) => assessSql(question, schema).doubts;

  it('counts a key compared by size with a number: ids identify rows, they do not measure them', () => {
    expect(doubtsOf('List the names of ferries whose ferry id is above 1.').keyCompared).toBe(1);
    expect(doubtsOf('What are the names of ferries built after 2000?').keyCompared).toBe(0);
  });

  it('counts a table read where another table matched the same words as well', () => {
    expect(doubtsOf('How many parts are there?', depot).rivalTable).toBe(1);
    expect(doubtsOf('How many parts orders are there?', depot).rivalTable).toBe(0);
  });

  it('counts a join between tables that share more than one key column and declare none', () => {
    const assessed = assessSql('Which drivers drove vans on shifts dated 2026-01-05?', depot);
    expect(assessed.sql).toMatch(/JOIN/);
    expect(assessed.doubts.ambiguousJoin).toBe(1);
  });

  it('counts a table passed through unnamed, but not a table of keys only that links two others', () => {
    const crew = (link: boolean): DatabaseSchema => ({
      ...harbour,
      tables: [
        table('skipper', [column('skipper_id', 'int(11)'), column('name', 'varchar(40)')], {
          primaryKey: ['skipper_id'],
        }),
        table('voyage', [column('voyage_id', 'int(11)'), column('year', 'int(11)')], { primaryKey: ['voyage_id'] }),
        table(
          'skipper_on_voyage',
          [
            column('skipper_id', 'int(11)'),
            column('voyage_id', 'int(11)'),
            ...(link ? [] : [column('wage', 'int(11)')]),
          ],
          {
            foreignKeys: [
              { columns: ['skipper_id'], referencedTable: 'skipper', referencedColumns: ['skipper_id'] },
              { columns: ['voyage_id'], referencedTable: 'voyage', referencedColumns: ['voyage_id'] },
            ],
          },
        ),
      ],
    });
    const question = 'What are the names of skippers who sailed on voyages in 2015?';
    expect(assessSql(question, crew(true)).sql).toContain('JOIN `skipper_on_voyage`');
    expect(assessSql(question, crew(true)).doubts.passedThrough).toBe(0);
    expect(assessSql(question, crew(false)).doubts.passedThrough).toBe(1);
  });

  it('counts the things asked that no shown column stands for', () => {
    expect(doubtsOf('What are the names and tonnages of the ferries?').askedLeftOut).toBe(1);
    expect(doubtsOf('What are the name, built year and status of each ferry?').askedLeftOut).toBe(0);
  });

  it('counts shown columns beyond the things asked, a grouping shown beside its count apart', () => {
    expect(doubtsOf('Find the port of each ferry. Show the names.').shownUnasked).toBe(1);
    expect(doubtsOf('What are the names of ferries and the countries of their ports?').shownUnasked).toBe(0);
    expect(doubtsOf('How many ferries does each port have?').shownUnasked).toBe(0);
  });

  it('counts a shown column that a condition fixes to the value the question gave', () => {
    expect(doubtsOf('Show the name and status of ferries that are retired.').shownFixed).toBe(1);
    expect(doubtsOf('Which ferries are retired?').shownFixed).toBe(0);
    // Rows asked for are shown by their name, even the name the question gives.
    expect(doubtsOf('Which ferries are named Aurora?').shownFixed).toBe(0);
    expect(doubtsOf('What is the name of the port of the ferry Aurora?').shownFixed).toBe(1);
  });

  it('counts rows counted of another table than the thing "how many" asks about', () => {
    expect(doubtsOf('How many crossings does the ferry Aurora have?').countedElsewhere).toBe(1);
    expect(doubtsOf('How many ferries are retired?').countedElsewhere).toBe(0);
    expect(doubtsOf('How many ferries does each port have?').countedElsewhere).toBe(0);
  });

  it('judges a query under the weights of its own shape', () => {
    expect(assessSql('Which ports have no ferries?', harbour).shape).toBe('nested/set');
    expect(assessSql('Show the port names of retired ferries.', harbour).shape).toBe('join');
    expect(assessSql('What are the names of ports in Norway?', harbour).shape).toBe('simple');
    expect(sqlOf('Which ports have no ferries?')).toMatch(/NOT IN \(SELECT `home_port_id` FROM `ferry`/);
  });
});

describe('values of a column asked for, not rows', () => {
  it('lists each value once when the rows are not what is asked about', () => {
    expect(sqlOf('What statuses do ferries have?')).toBe('SELECT DISTINCT `status` FROM `ferry`');
    expect(sqlOf('Which countries have ports?')).toBe('SELECT DISTINCT `country` FROM `port`');
  });

  it('lists one line per row when the question names the rows, a name, or a limit', () => {
    expect(sqlOf('List the built years of all ferries.')).toBe('SELECT `built_year` FROM `ferry`');
    expect(sqlOf('List the countries of all ports.')).toBe('SELECT `country` FROM `port`');
    expect(sqlOf('What are the names of ports?')).toBe('SELECT `port_name` FROM `port`');
  });
});

describe('the column that names the rows', () => {
  it('is the one named as its table, in the singular too', () => {
    const sites: DatabaseSchema = {
      ...harbour,
      tables: [
        table(
          'campsites',
          [column('site_id', 'int(11)'), column('campsite', 'varchar(40)'), column('county', 'varchar(40)')],
          { primaryKey: ['site_id'], sampleRows: [[1, 'Glenbeg', 'Kerry']] },
        ),
      ],
    };
    expect(heuristicSql('Which campsites are in Kerry?', sites)).toBe(
      "SELECT `campsite` FROM `campsites` WHERE `county` = 'Kerry'",
    );
  });
});

describe('a pattern cue before a table name', () => {
  it('relates the rows rather than matching the name as text', () => {
    expect(assessSql('Show the names of ports that contain ferries.', harbour).sql).toBe(
      'SELECT t1.`port_name` FROM `port` AS t1 JOIN `ferry` AS t2 ON t1.`port_id` = t2.`home_port_id`',
    );
    expect(sqlOf("List the ferries whose name contains 'or'.")).toBe(
      "SELECT `name` FROM `ferry` WHERE `name` LIKE '%or%'",
    );
  });
});

describe('grouping', () => {
  it('reads every row for "each" when nothing is counted or aggregated', () => {
    expect(sqlOf('Show the name and built year of each ferry.')).toBe('SELECT `name`, `built_year` FROM `ferry`');
  });
});
