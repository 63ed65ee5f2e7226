// Questions as people speak them, on a ferry crossings schema of our own: durations written in words
// ("an hour and a half", "a quarter of an hour", "two and a half hours") in the unit the column stores,
// a percentage followed by the share it measures ("over 40% cargo"),
// a yes/no column negated a verb away ("do not hold a certificate"),
// "longer" read in the rows' own table (a fairway's distance, a crossing's duration),
// money in the column's minor unit ("£2" against `tips_pence`),
// a superlative nothing measures ("the bravest"),
// an aggregate word a column's name took ("average speed" over `avg_speed_knots`),
// the verb of an event before its year ("took place in 2024"),
// and an imperative "Name the deckhands who …" that asks for the rows' names, not a column the clause names.
import { describe, expect, it } from 'vitest';
import { column, database, table } from './schema-builders';
import type { DatabaseSchema } from '@fnquery/contracts';
import { heuristicSql } from '../src/sql';
import { SQL_UNSURE_PREFIX } from '../src/turn';

const crossings: DatabaseSchema = database('ferry_crossings', [
  table(
    'deckhand',
    [
      column('deckhand_id', 'int(11)'),
      column('full_name', 'varchar(40)', ['Nell Orme', 'Tam Birk', 'Ola Frey']),
      column('home_port', 'varchar(30)', ['Kells', 'Oban']),
      column('signed_on', 'date'),
      column('has_certificate', 'tinyint(1)'),
    ],
    { primaryKey: ['deckhand_id'] },
  ),
  table(
    'fairway',
    [
      column('fairway_id', 'int(11)'),
      column('name', 'varchar(40)', ['Sound of Kells', 'Mull Narrows']),
      column('distance_km', 'decimal(5,1)'),
      column('depth_m', 'int(11)'),
    ],
    { primaryKey: ['fairway_id'] },
  ),
  table(
    'crossing',
    [
      column('crossing_id', 'int(11)'),
      column('fairway_id', 'int(11)'),
      column('route_label', 'varchar(40)', ['Kells to Oban', 'Oban to Mull']),
      column('sailed_on', 'date'),
      column('duration_min', 'int(11)'),
      column('distance_km', 'decimal(5,1)'),
      column('cargo_pct', 'int(11)'),
      column('avg_speed_knots', 'decimal(4,1)'),
    ],
    {
      primaryKey: ['crossing_id'],
      foreignKeys: [{ columns: ['fairway_id'], referencedTable: 'fairway', referencedColumns: ['fairway_id'] }],
    },
  ),
  table(
    'shift',
    [
      column('shift_id', 'int(11)'),
      column('crossing_id', 'int(11)'),
      column('deckhand_id', 'int(11)'),
      column('duty', 'varchar(30)', ['Ropes', 'Galley', 'Tickets']),
      column('tips_pence', 'int(11)'),
      column('has_incident', 'tinyint(1)'),
      column('shift_date', 'date'),
    ],
    {
      primaryKey: ['shift_id'],
      foreignKeys: [
        { columns: ['crossing_id'], referencedTable: 'crossing', referencedColumns: ['crossing_id'] },
        { columns: ['deckhand_id'], referencedTable: 'deckhand', referencedColumns: ['deckhand_id'] },
      ],
    },
  ),
]);

const sqlOf = (question: string) => heuristicSql(question, crossings);

describe('durations written in words', () => {
  it.each([
    ['Which crossings took longer than an hour and a half?', '> 90'],
    ['List the crossings shorter than half an hour.', '< 30'],
    ['Which crossings lasted under a quarter of an hour?', '< 15'],
    ['Show the crossings that lasted more than two and a half hours.', '> 150'],
    ['Which crossings lasted less than three quarters of an hour?', '< 45'],
    ['Which crossings took over 5400 seconds?', '> 90'],
  ])('%s compares duration_min %s', (question, condition) => {
    expect(sqlOf(question)).toMatch(new RegExp(`duration_min\`? ${condition}\\b`));
  });
});

describe('an imperative that names rows', () => {
  it('"Name the deckhands who …" shows the deckhands\' names, not the duty the clause names', () => {
    expect(sqlOf('Name the deckhands who took a duty on a crossing longer than 2 hours.')).toMatch(
      /^SELECT (?:DISTINCT )?t1\.`full_name` FROM `deckhand`/,
    );
  });

  it.each(['Give the deckhands that had a duty.', 'List the deckhands who had a duty with tips over 300 pence.'])(
    '%s never shows the duty as the rows asked for',
    (question) => {
      expect(sqlOf(question)).not.toMatch(/^SELECT (?:DISTINCT )?\S*`duty`/);
    },
  );

  it('a column named before "who" is still what is shown', () => {
    expect(sqlOf('List the home ports of deckhands who signed on after 2020.')).toMatch(
      /^SELECT (?:DISTINCT )?\S*`home_port`/,
    );
  });
});

describe('a percentage and the share it names after it', () => {
  it('"over 40% cargo" compares cargo_pct and shows the crossings, not the share', () => {
    expect(sqlOf('Which crossings carried over 40% cargo?')).toBe(
      'SELECT `crossing_id` FROM `crossing` WHERE `cargo_pct` > 40',
    );
  });
});

describe('a yes/no column negated a verb away', () => {
  it('"do not hold a certificate" is has_certificate = 0', () => {
    expect(sqlOf('Which deckhands do not hold a certificate?')).toBe(
      'SELECT `full_name` FROM `deckhand` WHERE `has_certificate` = 0',
    );
  });

  it.each(["Which deckhands don't hold a certificate?", "Which deckhands aren't holding a certificate?"])(
    '%s: a contraction negates as "not" does',
    (question) => {
      expect(sqlOf(question)).toMatch(/`has_certificate` = 0$/);
    },
  );

  it.each(['Which deckhands never had an incident?', 'Which deckhands had no incident?'])(
    '%s is not read as some shift without an incident',
    (question) => {
      expect(sqlOf(question)).not.toMatch(/`has_incident` = 0/);
    },
  );
});

describe('"longer" and "longest" in the rows\' own table', () => {
  it('a fairway is longer by its distance, not by the duration of its crossings', () => {
    expect(sqlOf('Which fairways are longer than the average fairway?')).toBe(
      'SELECT `name` FROM `fairway` WHERE `distance_km` > (SELECT AVG(`distance_km`) FROM `fairway`)',
    );
    expect(sqlOf('What are the names of the two longest fairways?')).toBe(
      'SELECT `name` FROM `fairway` ORDER BY `distance_km` DESC LIMIT 2',
    );
  });

  it('a crossing, which has both, is longer by its duration, as before', () => {
    expect(sqlOf('Which crossings lasted longer than the average crossing?')).toMatch(
      /WHERE `duration_min` > \(SELECT AVG\(`duration_min`\) FROM `crossing`\)/,
    );
  });
});

describe("money in the column's currency", () => {
  it('"tips over £2" is 200 pence', () => {
    expect(sqlOf('Which shifts earned tips over £2?')).toMatch(/`tips_pence` > 200$/);
  });

  it('"tips over $2" is never compared with pence', () => {
    expect(sqlOf('Which shifts earned tips over $2?')).not.toMatch(/`tips_pence` > 2\b/);
  });
});

describe('a superlative that no column measures', () => {
  it.each(['Which deckhands are the bravest?', 'Which is the friendliest?', 'Which crossing was the calmest?'])(
    '%s is asked back, not answered with every row',
    (question) => {
      expect(sqlOf(question)).toMatch(new RegExp(`^${SQL_UNSURE_PREFIX}.*ranks rows`));
    },
  );

  it('a superlative a column measures still ranks', () => {
    expect(sqlOf('Which crossing was the longest?')).toMatch(/ORDER BY `duration_min` DESC LIMIT 1$/);
  });
});

describe("an aggregate word a column's name took", () => {
  it('"the average speed of crossings" over several rows is asked back: each stored average, or their mean?', () => {
    expect(sqlOf('What was the average speed of crossings on the Mull Narrows fairway?')).toMatch(
      new RegExp(`^${SQL_UNSURE_PREFIX}.*"average speed" may be each row's avg_speed_knots`),
    );
  });

  it('an aggregate of a column that names none is still written', () => {
    expect(sqlOf('What is the average duration of the crossings?')).toBe('SELECT AVG(`duration_min`) FROM `crossing`');
  });
});

describe('the verb of an event before its year', () => {
  it('"took place in 2024" is read with the year of the date column', () => {
    expect(sqlOf('How many shifts took place in 2024?')).toBe(
      'SELECT COUNT(*) FROM `shift` WHERE YEAR(`shift_date`) = 2024',
    );
  });
});
