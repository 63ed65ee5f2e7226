import { describe, expect, it } from 'vitest';
import { columnUnit, equivalentValues, measures, percentScale, toColumnUnit } from '../src/sql-units';
import type { ColumnSchema, TableSchema } from '@fnquery/contracts';
import { assessSql } from '../src/sql';
import { column as typed, database, table } from './schema-builders';

const column = (name: string, comment?: string): ColumnSchema => ({
  name,
  type: 'int(11)',
  nullable: true,
  ...(comment && { comment }),
});

describe("a column's unit", () => {
  it('is read from the last part of its name, or from its comment', () => {
    expect(columnUnit(column('duration_ms'))?.factor).toBe(0.001);
    expect(columnUnit(column('Milliseconds'))?.dimension).toBe('time');
    expect(columnUnit(column('height_m'))?.dimension).toBe('length');
    expect(columnUnit(column('wait', 'waiting time in hours'))?.factor).toBe(3600);
  });

  it('does not take a short symbol that starts a name or stands alone for a unit', () => {
    expect(columnUnit(column('min_salary'))).toBeUndefined();
    expect(columnUnit(column('m'))).toBeUndefined();
    expect(columnUnit(column('stay_in_port'))).toBeUndefined();
    expect(columnUnit(column('price_in_euros'))?.dimension).toBe('euro');
  });

  it('names a dimension by a quantity word when it names no unit', () => {
    expect(measures(column('duration'), 'time')).toBe(true);
    expect(measures(column('duration_ms'), 'length')).toBe(false);
    expect(measures(column('name'), 'time')).toBe(false);
  });
});

describe('conversion', () => {
  it('converts between units of one dimension and refuses across dimensions', () => {
    expect(toColumnUnit(5, 'minutes', column('duration_ms'))).toBe(300000);
    expect(toColumnUnit(2, 'km', column('climb_m'))).toBe(2000);
    expect(toColumnUnit(3, 'miles', column('distance_km'))).toBe(4.828032);
    expect(toColumnUnit(5, 'kg', column('duration_ms'))).toBeUndefined();
    expect(toColumnUnit(5, 'minutes', column('duration'))).toBeUndefined();
  });

  it('converts money within one currency only: pounds to pence, never dollars to pence', () => {
    expect(toColumnUnit(3, 'GBP', column('fee_pence'))).toBe(300);
    expect(toColumnUnit(250, 'pence', column('budget_gbp'))).toBe(2.5);
    expect(toColumnUnit(4, 'EUR', column('price_eur'))).toBeUndefined();
    expect(toColumnUnit(3, 'USD', column('fee_pence'))).toBeUndefined();
    expect(columnUnit(column('gbp_rate'))).toBeUndefined();
    expect(columnUnit(column('weight_pounds'))?.dimension).toBe('mass');
  });

  it('lists what a quantity is in every unit of its dimension', () => {
    expect(equivalentValues(5, 'minutes')).toEqual(expect.arrayContaining([300000, 300, 5]));
    expect(equivalentValues(5, 'apples')).toEqual([]);
  });

  it('tells fractions from percentages by name and values', () => {
    const table = (name: string, values: number[]): TableSchema => ({
      name: 't',
      kind: 'table',
      columns: [column(name)],
      primaryKey: [],
      foreignKeys: [],
      sampleRows: values.map((v) => [v]),
    });
    const ref = (name: string, values: number[]) => {
      const t = table(name, values);
      return { table: t, column: t.columns[0]! };
    };
    expect(percentScale(ref('skip_rate', [0.12, 0.4]))).toBe('fraction');
    expect(percentScale(ref('vote_percent', [0.12]))).toBe('percent');
    expect(percentScale(ref('growth_rate', [3.5, 12]))).toBe('percent');
    expect(percentScale(ref('seats', [3, 12]))).toBeUndefined();
  });
});

describe('the column a quantity is compared on', () => {
  // A cycling route measures its climb in metres and its distance in kilometres, the climb listed first.
  const routes = database('club', [
    table(
      'route',
      [
        typed('route_id', 'int(11)'),
        typed('name', 'varchar(60)'),
        typed('climb_m', 'int(11)'),
        typed('distance_km', 'decimal(5,1)'),
        typed('terrain', 'varchar(20)'),
      ],
      {
        primaryKey: ['route_id'],
        sampleRows: [[1, 'Fell Loop', 300, 42.5, 'Gravel']],
      },
    ),
  ]);

  it('is the column in the number’s own unit before another of its dimension, wherever the columns are listed', () => {
    expect(assessSql('Which routes are longer than 50 km?', routes).sql).toBe(
      'SELECT `name` FROM `route` WHERE `distance_km` > 50',
    );
    expect(assessSql('Which routes climb more than 400 m?', routes).sql).toBe(
      'SELECT `name` FROM `route` WHERE `climb_m` > 400',
    );
  });
});
