// Readings of how rows relate, on a parcel courier schema of our own: a count per joined row ("how many
// parcels does each courier have … the name and the count"), a yes/no column named for what it says
// (`is_insured`), rows without related rows through a declared key, a verb or a value standing for the
// relation between two tables, and a comparison with an average that reads the measure, never a key.
import { describe, expect, it } from 'vitest';
import { column, database, table } from './schema-builders';
import { SQL_UNSURE_PREFIX } from '../src/turn';
import type { DatabaseSchema } from '@fnquery/contracts';
import { assessSql, heuristicSql } from '../src/sql';

const courierService: DatabaseSchema = database('courier_service', [
  table(
    'depot',
    [
      column('depot_id', 'int(11)'),
      column('name', 'varchar(40)', ['North Yard', 'Canal Street', 'Airport Road']),
      column('city', 'varchar(30)', ['Leeds', 'York']),
    ],
    { primaryKey: ['depot_id'] },
  ),
  table(
    'courier',
    [
      column('courier_id', 'int(11)'),
      column('full_name', 'varchar(40)', ['Rosa Tamm', 'Omar Venn', 'Lia Doyle']),
      column('depot_id', 'int(11)'),
      column('years_service', 'int(11)'),
      column('is_insured', 'tinyint(1)'),
    ],
    {
      primaryKey: ['courier_id'],
      foreignKeys: [{ columns: ['depot_id'], referencedTable: 'depot', referencedColumns: ['depot_id'] }],
    },
  ),
  table(
    'parcel',
    [
      column('parcel_id', 'int(11)'),
      column('courier_id', 'int(11)'),
      column('weight_g', 'int(11)'),
      column('item_count', 'int(11)'),
      column('sent_on', 'date'),
    ],
    {
      primaryKey: ['parcel_id'],
      foreignKeys: [{ columns: ['courier_id'], referencedTable: 'courier', referencedColumns: ['courier_id'] }],
    },
  ),
  table(
    'dispatch',
    [
      column('dispatch_id', 'int(11)'),
      column('parcel_id', 'int(11)'),
      column('dispatched_on', 'date'),
      column('attempts', 'int(11)'),
    ],
    {
      primaryKey: ['dispatch_id'],
      foreignKeys: [{ columns: ['parcel_id'], referencedTable: 'parcel', referencedColumns: ['parcel_id'] }],
    },
  ),
]);

const sqlOf = (question: string) => heuristicSql(question, courierService);

describe('a count per joined row', () => {
  it('reads "the count" after the list as the count asked for, not a column holding counts', () => {
    const sql = sqlOf('How many parcels does each courier have? Give the courier name and the count.');
    expect(sql).not.toContain(SQL_UNSURE_PREFIX);
    expect(sql).not.toContain('item_count');
    expect(sql).toMatch(/SELECT t1\.`full_name`, COUNT\(\*\) FROM `courier`.*JOIN `parcel`.*GROUP BY/);
  });

  it('shows the grouped rows\' name for a bare "name" of a table the question does not name', () => {
    const sql = sqlOf('For each courier, how many parcels are there? Show the name and the number.');
    expect(sql).not.toContain('`depot`');
    expect(sql).toMatch(/SELECT t1\.`full_name`, COUNT\(\*\)/);
    expect(
      assessSql('For each courier, how many parcels are there? Show the name and the number.', courierService).doubts
        .columnLeftOut,
    ).toBe(0);
  });
});

describe('a yes/no column named for what it says', () => {
  it('reads "insured" as the rows where `is_insured` holds, and "not insured" as those where it does not', () => {
    expect(sqlOf('How many couriers are insured?')).toBe('SELECT COUNT(*) FROM `courier` WHERE `is_insured` = 1');
    expect(sqlOf('Which couriers are not insured?')).toContain('WHERE `is_insured` = 0');
  });

  it('shows the column instead when the question asks whether it holds', () => {
    expect(assessSql('Show whether each courier is insured.', courierService).sql).not.toContain('WHERE');
  });
});

describe('rows without related rows', () => {
  it('finds the declared key from the related table when the ids asked for were linked to its copy of them', () => {
    expect(sqlOf('Give the ids of parcels that were never dispatched.')).toBe(
      'SELECT `parcel_id` FROM `parcel` WHERE `parcel_id` NOT IN (SELECT `parcel_id` FROM `dispatch` WHERE `parcel_id` IS NOT NULL)',
    );
  });
});

describe('words standing for a relation', () => {
  it('reads a verb between a table and a value of a joined table as the join, and a cue word inside the value as the value', () => {
    const assessed = assessSql('Which couriers are based at both North Yard and Airport Road?', courierService);
    expect(assessed.sql).toContain('INTERSECT');
    expect(assessed.doubts.unreadWord).toBe(0);
    expect(assessed.doubts.unreadCue).toBe(0);
  });

  it('reads "Name the …" opening a question as the verb asking for rows, not part of a name column', () => {
    const assessed = assessSql('Name the couriers based in York.', courierService);
    expect(assessed.sql).toContain('SELECT t1.`full_name` FROM `courier`');
    expect(assessed.doubts.partialMatch).toBe(0);
    expect(assessed.doubts.unreadWord).toBe(0);
  });
});

describe('a comparison with an average', () => {
  it('compares the measure the verb names, not the key of the rows shown', () => {
    expect(sqlOf('List the ids of parcels that weighed more than the average parcel.')).toBe(
      'SELECT `parcel_id` FROM `parcel` WHERE `weight_g` > (SELECT AVG(`weight_g`) FROM `parcel`)',
    );
  });

  it('never averages a key when no measure is named', () => {
    expect(assessSql('List the ids of parcels above the average parcel.', courierService).sql).not.toMatch(
      /AVG\(`\w+_id`\)/,
    );
  });
});
