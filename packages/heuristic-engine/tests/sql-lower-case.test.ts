import { describe, expect, it } from 'vitest';
import type { DatabaseSchema } from '@fnquery/contracts';
import { column, database, table } from './schema-builders';
import { writeSql } from '../src/engine';

// Harbours by town and country; the countries stored include a code of two letters.
const harbours: DatabaseSchema = database('harbours', [
  table(
    'harbour',
    [
      column('harbour_id', 'int(11)'),
      column('name', 'varchar(40)'),
      column('town', 'varchar(40)'),
      column('country', 'varchar(40)', ['Norway', 'UK']),
    ],
    { primaryKey: ['harbour_id'], sampleRows: [[1, 'North Quay', 'Bergen', 'Norway']] },
  ),
]);
const draftOf = (question: string) => writeSql({ question, schema: harbours }).value;

describe('a question typed all in lower case', () => {
  it('asks for a code to be written as stored when in capitals it is a stored value the query would compare', () => {
    expect(draftOf('Which harbours are in the UK?')).toMatchObject({
      sql: "SELECT `name` FROM `harbour` WHERE `country` = 'UK'",
    });
    expect(draftOf('which harbours are in the uk?')).toEqual({
      unsure:
        'the question is written in lower case, and with "uk" written as a name it reads as another query; write names and codes as they are stored (capitals, or in quotes)',
    });
  });

  it('is read as written when its values are stored or its unread words are verbs or common nouns', () => {
    expect(draftOf('which harbours are located in bergen?')).toMatchObject({
      sql: "SELECT `name` FROM `harbour` WHERE `town` = 'Bergen'",
    });
    expect(draftOf('how many harbours are in norway?')).toMatchObject({
      sql: "SELECT COUNT(*) FROM `harbour` WHERE `country` = 'Norway'",
    });
    expect(draftOf('show the names of harbours sorted by town.')).toEqual({
      sql: 'SELECT `name` FROM `harbour` ORDER BY `town` ASC',
    });
  });
});
