// Nested and set queries from general rules, on an observatory schema of our own: comparisons with an
// aggregate of other rows (AVG, and MIN or MAX by the quantifier and the direction), two tests of one
// column no single row passes (INTERSECT, or OR when the rows shown are the table's own), a negated
// number on related rows (EXCEPT), and the declines where the reading is unsure.
import { describe, expect, it } from 'vitest';
import { column, database, table } from './schema-builders';
import { SQL_UNSURE_PREFIX } from '../src/turn';
import { assertReadOnlySelect } from './read-only-select';
import type { DatabaseSchema } from '@fnquery/contracts';
import { assessSql, heuristicSql } from '../src/sql';

const observatory: DatabaseSchema = database('observatory', [
  table(
    'observer',
    [
      column('observer_id', 'int(11)'),
      column('name', 'varchar(40)', ['Ada Quispe', 'Tomas Ruiz', 'Nela Amadhila']),
      column('country', 'varchar(30)', ['Chile', 'Peru', 'Namibia']),
      column('age', 'int(11)'),
    ],
    { primaryKey: ['observer_id'] },
  ),
  table(
    'telescope',
    [
      column('telescope_id', 'int(11)'),
      column('name', 'varchar(40)', ['Lantern', 'Kestrel', 'Old Owl']),
      column('site', 'varchar(30)', ['Cerro Alto', 'Gamsberg', 'Pampa Fria']),
      column('aperture', 'int(11)'),
      column('built_year', 'int(11)'),
    ],
    { primaryKey: ['telescope_id'] },
  ),
  table(
    'session',
    [
      column('session_id', 'int(11)'),
      column('observer_id', 'int(11)'),
      column('telescope_id', 'int(11)'),
      column('year', 'int(11)'),
    ],
    {
      primaryKey: ['session_id'],
      foreignKeys: [
        { columns: ['observer_id'], referencedTable: 'observer', referencedColumns: ['observer_id'] },
        { columns: ['telescope_id'], referencedTable: 'telescope', referencedColumns: ['telescope_id'] },
      ],
    },
  ),
]);

const sqlOf = (question: string) => heuristicSql(question, observatory);
const guard = (sql: string) => assertReadOnlySelect(sql, observatory);
/** The SQL the rules write, whether or not the confidence model then lets it run (joined nested queries rarely do). */
const writtenOf = (question: string) => assessSql(question, observatory).sql;

describe('comparisons with an aggregate of other rows', () => {
  it('"younger than average" compares the column the adjective names with its mean', () => {
    const sql = sqlOf('Which observers are younger than average?');
    expect(sql).toMatch(/WHERE `age` < \(SELECT AVG\(`age`\) FROM `observer`\)/);
    expect(() => guard(sql)).not.toThrow();
  });

  it('the rows averaged are the ones the words after the quantifier describe', () => {
    const sql = sqlOf('List the names of telescopes with an aperture larger than the average aperture at Gamsberg.');
    expect(sql).toBe(
      "SELECT `name` FROM `telescope` WHERE `aperture` > (SELECT AVG(`aperture`) FROM `telescope` WHERE `site` = 'Gamsberg')",
    );
  });

  it('"than every" is the maximum when greater, "than at least one" the minimum', () => {
    expect(sqlOf('Which observers are older than every observer from Chile?')).toMatch(
      /`age` > \(SELECT MAX\(`age`\) FROM `observer` WHERE `country` = 'Chile'\)/,
    );
    expect(sqlOf('Name the observers whose age is above that of at least one observer from Peru.')).toMatch(
      /`age` > \(SELECT MIN\(`age`\) FROM `observer` WHERE `country` = 'Peru'\)/,
    );
    expect(sqlOf('Which telescopes have an aperture smaller than all telescopes at Gamsberg?')).toMatch(
      /`aperture` < \(SELECT MIN\(`aperture`\) FROM `telescope` WHERE `site` = 'Gamsberg'\)/,
    );
  });

  it('reads the column written between the comparative and "than"', () => {
    expect(sqlOf('Which telescopes have a larger aperture than all telescopes at Gamsberg?')).toBe(
      "SELECT `name` FROM `telescope` WHERE `aperture` > (SELECT MAX(`aperture`) FROM `telescope` WHERE `site` = 'Gamsberg')",
    );
  });

  it('declines "than any", which some read as every and some as at least one', () => {
    const sql = sqlOf('Which observers are older than any observer from Chile?');
    expect(sql.startsWith(SQL_UNSURE_PREFIX)).toBe(true);
    expect(sql).toContain('"older than any"');
  });

  it('declines a comparison with other rows that no condition expresses', () => {
    const sql = sqlOf('Which observers are older than the telescope they used most?');
    expect(sql.startsWith(SQL_UNSURE_PREFIX)).toBe(true);
    expect(sql).toMatch(/compares with other rows \("older than the telescope/);
  });
});

describe('a comparison with one row the question names', () => {
  it('reads the column from the row the value names, every such row when the name may repeat', () => {
    const sql = sqlOf('Which telescopes have a larger aperture than the Lantern?');
    expect(sql).toBe(
      "SELECT `name` FROM `telescope` WHERE `aperture` > (SELECT MAX(`aperture`) FROM `telescope` WHERE `name` = 'Lantern')",
    );
    expect(() => guard(sql)).not.toThrow();
  });

  it('a row named by its key is one row: its column, not an aggregate', () => {
    const sql = sqlOf('List the names of observers older than the observer with observer id 4.');
    expect(sql).toBe(
      'SELECT `name` FROM `observer` WHERE `age` > (SELECT `age` FROM `observer` WHERE `observer_id` = 4)',
    );
    expect(() => guard(sql)).not.toThrow();
  });

  it('the value naming the row is not a condition on the rows asked for', () => {
    expect(sqlOf('Which telescopes were built earlier than the telescope named Lantern?')).toBe(
      "SELECT `name` FROM `telescope` WHERE `built_year` < (SELECT MIN(`built_year`) FROM `telescope` WHERE `name` = 'Lantern')",
    );
  });

  it('declines when the column compared is not a column of the named row', () => {
    const sql = sqlOf('Which observers had more sessions than Ada Quispe?');
    expect(sql.startsWith(SQL_UNSURE_PREFIX)).toBe(true);
  });

  it('declines a value that names a set of rows, not one ("than Gamsberg telescopes": all or some?)', () => {
    const sql = sqlOf('Which telescopes have a larger aperture than Gamsberg telescopes?');
    expect(sql.startsWith(SQL_UNSURE_PREFIX)).toBe(true);
  });

  it('declines "a number of" a column, which may count related rows instead', () => {
    const sql = sqlOf('Which telescopes have a number of aperture greater than that of the Lantern?');
    expect(sql.startsWith(SQL_UNSURE_PREFIX)).toBe(true);
  });
});

describe("a group's aggregate against an aggregate of all rows", () => {
  it('"sites with an average aperture above the overall average" groups by the site and compares in HAVING', () => {
    const sql = sqlOf('Which sites have an average aperture above the overall average?');
    expect(sql).toBe(
      'SELECT `site` FROM `telescope` GROUP BY `site` HAVING AVG(`aperture`) > (SELECT AVG(`aperture`) FROM `telescope`)',
    );
    expect(() => guard(sql)).not.toThrow();
  });

  it('the rows the right side aggregates keep their own conditions', () => {
    expect(sqlOf('Which countries have an average age lower than the average age of observers from Chile?')).toBe(
      "SELECT `country` FROM `observer` GROUP BY `country` HAVING AVG(`age`) < (SELECT AVG(`age`) FROM `observer` WHERE `country` = 'Chile')",
    );
  });

  it('a column compared without an aggregate word before it stays a row condition', () => {
    expect(sqlOf('Which sites have telescopes with an aperture above the average?')).toMatch(
      /WHERE `aperture` > \(SELECT AVG\(`aperture`\) FROM `telescope`\)$/,
    );
  });

  it('declines when nothing shown could form the groups', () => {
    const sql = sqlOf('How many have an average aperture above the overall average?');
    expect(sql.startsWith(SQL_UNSURE_PREFIX)).toBe(true);
  });
});

describe('two tests of one column', () => {
  it('shown values many rows share, tested for two values: rows of each (INTERSECT)', () => {
    const sql = sqlOf('Which sites have telescopes built in 1961 and telescopes built in 2004?');
    expect(sql).toBe(
      'SELECT `site` FROM `telescope` WHERE `built_year` = 1961 INTERSECT SELECT `site` FROM `telescope` WHERE `built_year` = 2004',
    );
    expect(() => guard(sql)).not.toThrow();
  });

  it('ranges that do not meet are two sets too, not an empty AND', () => {
    expect(sqlOf('Which countries have both observers older than 60 and observers younger than 30?')).toBe(
      'SELECT `country` FROM `observer` WHERE `age` > 60 INTERSECT SELECT `country` FROM `observer` WHERE `age` < 30',
    );
  });

  it("the table's own rows with two values mean either (OR), and so does an explicit or", () => {
    expect(sqlOf('List the names of observers from Chile and Peru.')).toBe(
      "SELECT `name` FROM `observer` WHERE `country` = 'Chile' OR `country` = 'Peru'",
    );
    expect(sqlOf('Which sites have telescopes built in 1961 or in 2004?')).toMatch(
      /WHERE `built_year` = 1961 OR `built_year` = 2004$/,
    );
  });

  it('declines a count over rows of two sets rather than counting either', () => {
    const sql = sqlOf('How many sites have both telescopes built in 1961 and telescopes built in 2004?');
    expect(sql.startsWith(SQL_UNSURE_PREFIX)).toBe(true);
  });
});

describe('exclusions with their own conditions', () => {
  it('a condition after "no" narrows the rows excluded instead of asking for rows that have them', () => {
    const sql = sqlOf('Which observers have no sessions in 2021?');
    expect(sql).toBe(
      'SELECT `name` FROM `observer` WHERE `observer_id` NOT IN (SELECT `observer_id` FROM `session` WHERE `year` = 2021 AND `observer_id` IS NOT NULL)',
    );
    expect(() => guard(sql)).not.toThrow();
  });

  it('the excluded rows may be described through a join, and the negation is not applied twice', () => {
    const sql = sqlOf('Which telescopes were never used by an observer from Chile?');
    expect(sql).toMatch(
      /^SELECT `name` FROM `telescope` WHERE `telescope_id` NOT IN \(SELECT t1\.`telescope_id` FROM `session` AS t1 JOIN `observer` AS t2/,
    );
    expect(sql).toMatch(/WHERE t2\.`country` = 'Chile' AND t1\.`telescope_id` IS NOT NULL\)$/);
    expect(sql).not.toContain('<>');
    expect(() => guard(sql)).not.toThrow();
  });

  it('a condition before the cue stays on the rows asked for', () => {
    const sql = sqlOf('Which observers from Peru have no sessions in 2021?');
    expect(sql).toMatch(
      /WHERE `country` = 'Peru' AND `observer_id` NOT IN \(SELECT `observer_id` FROM `session` WHERE `year` = 2021/,
    );
  });
});

describe('readings the rules decline or correct', () => {
  it('does not join the rows asked for to the table that excludes them', () => {
    const sql = sqlOf('Which telescopes have had no sessions so far?');
    expect(sql).toBe(
      'SELECT `name` FROM `telescope` WHERE `telescope_id` NOT IN (SELECT `telescope_id` FROM `session` WHERE `telescope_id` IS NOT NULL)',
    );
  });

  it('"no more than" compares a number and excludes nothing', () => {
    expect(sqlOf('Which observers are no more than 30 years old?')).not.toContain('NOT IN');
  });

  it('declines "either … or …" when no condition joins the alternatives', () => {
    const sql = sqlOf('Which observers either used the Lantern or came from somewhere cold?');
    expect(sql.startsWith(SQL_UNSURE_PREFIX)).toBe(true);
    expect(sql).toContain('"either used the Lantern or');
    expect(sqlOf('List the names of observers from either Chile or Peru.')).toMatch(
      /`country` = 'Chile' OR `country` = 'Peru'/,
    );
  });
});

describe('a column named twice', () => {
  it('is shown once, whether named as the group and as a column or by two mentions', () => {
    expect(sqlOf('How many sessions did each observer have? List the observer names and the number.')).toBe(
      'SELECT t1.`name`, COUNT(*) FROM `observer` AS t1 JOIN `session` AS t2 ON t1.`observer_id` = t2.`observer_id` GROUP BY t1.`name`',
    );
    expect(sqlOf('Show the name, site and aperture of each telescope.')).toMatch(
      /^SELECT `name`, `site`, `aperture` FROM `telescope`/,
    );
  });
});

describe('alternatives joined by "or" (UNION)', () => {
  it('an alternative on a related table is a second SELECT, so rows without related rows still count', () => {
    const sql = sqlOf('Which observers come from Chile or have a session in 2021?');
    expect(sql).toBe(
      "SELECT `name` FROM `observer` WHERE `country` = 'Chile' UNION SELECT t1.`name` FROM `observer` AS t1 JOIN `session` AS t2 ON t1.`observer_id` = t2.`observer_id` WHERE t2.`year` = 2021",
    );
    expect(() => guard(sql)).not.toThrow();
  });

  it('two alternatives on the rows themselves stay one SELECT with OR', () => {
    expect(sqlOf('Which telescopes are at Gamsberg or were built before 1970?')).toBe(
      "SELECT `name` FROM `telescope` WHERE `site` = 'Gamsberg' OR `built_year` < 1970",
    );
  });

  it('declines counting the rows of either alternative, which a UNION of counts would not answer', () => {
    const sql = sqlOf('How many observers are from Chile or used the Lantern?');
    expect(sql.startsWith(SQL_UNSURE_PREFIX)).toBe(true);
    expect(sql).toContain('counts, ranks or sums the rows of either');
  });
});

describe('a superlative that picks the rows of another table', () => {
  it('an aggregate over the rows of the extreme one compares with MAX, not ORDER BY … LIMIT 1', () => {
    const sql = writtenOf('What is the average age of the observers of the telescope with the largest aperture?');
    expect(sql).toMatch(/^SELECT AVG\(t1\.`age`\) FROM `observer` AS t1 JOIN/);
    expect(sql).toMatch(/WHERE t3\.`aperture` = \(SELECT MAX\(`aperture`\) FROM `telescope`\)$/);
    expect(sql).not.toContain('LIMIT');
    expect(() => guard(sql)).not.toThrow();
  });

  it('rows asked for in the plural are every row related to the extreme one', () => {
    expect(writtenOf('Which observers used the telescope with the largest aperture?')).toMatch(
      /WHERE t3\.`aperture` = \(SELECT MAX\(`aperture`\) FROM `telescope`\)$/,
    );
  });
});

describe('parts of the question the query would leave out: declined', () => {
  const declines = (question: string, reason: string | RegExp) => {
    const sql = sqlOf(question);
    expect(sql.startsWith(SQL_UNSURE_PREFIX)).toBe(true);
    expect(sql).toMatch(reason);
  };

  it('"both" with fewer than two conditions', () => {
    declines('Which observers are both from Chile?', /two things at once \("both from Chile/);
  });

  it('a table the question names that no part of the query reads', () => {
    declines('Show the observers and the telescopes from Chile.', /names telescope \("telescopes"\)/);
  });

  it('a number no condition took', () => {
    declines('Which observers from Chile are 40?', /writes a number \("Chile are 40"\)/);
  });

  it('"the same … as" another row', () => {
    declines('List observers in the same country as Ada Quispe.', /compares with another row/);
  });

  it('a count of the rows left after an EXCEPT', () => {
    declines('How many observers did not use the Lantern?', /counts or sums the rows left/);
  });

  it('a relation with two keys between the same tables (which role is meant?)', () => {
    const transfers: DatabaseSchema = {
      ...observatory,
      tables: [
        table('port', [column('port_id', 'int(11)'), column('name', 'varchar(40)', ['Sollen', 'Marrow'])], {
          primaryKey: ['port_id'],
        }),
        table(
          'transfer',
          [column('transfer_id', 'int(11)'), column('origin_id', 'int(11)'), column('destination_id', 'int(11)')],
          {
            primaryKey: ['transfer_id'],
            foreignKeys: [
              { columns: ['origin_id'], referencedTable: 'port', referencedColumns: ['port_id'] },
              { columns: ['destination_id'], referencedTable: 'port', referencedColumns: ['port_id'] },
            ],
          },
        ),
      ],
    };
    const sql = heuristicSql('How many transfers involve the port Sollen?', transfers);
    expect(sql.startsWith(SQL_UNSURE_PREFIX)).toBe(true);
    expect(sql).toContain('linked by more than one key');
  });
});

describe('a negated value of rows that share the value shown', () => {
  it('"never" takes away the values any row with it shows (EXCEPT), not the rows with another value', () => {
    const sql = sqlOf('Which sites have never had the Lantern?');
    expect(sql).toBe("SELECT `site` FROM `telescope` EXCEPT SELECT `site` FROM `telescope` WHERE `name` = 'Lantern'");
    expect(() => guard(sql)).not.toThrow();
  });

  it('a plain "not" stays a test of each row', () => {
    expect(sqlOf('What are the distinct sites whose telescopes are not named Lantern?')).toBe(
      "SELECT DISTINCT `site` FROM `telescope` WHERE `name` <> 'Lantern'",
    );
  });
});
