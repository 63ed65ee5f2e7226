// Greetings and thanks around a question name no table or column, so they must not lower the reading's
// confidence: "Quick question. How many …?" is the question "How many …?". Before, each such word counted
// as an unread word, and on the Spider tuning half "Quick question." turned 1,621 of 1,767 written
// queries into declines ("Thanks." 636, "Hi!" 632; a perturbation check, development data). Examples
// and schema are our own.
import { describe, expect, it } from 'vitest';
import { writeSql } from '../src/engine';
import { column, database, table } from './schema-builders';

const harbours = database('harbour_authority', [
  table('harbour', [column('harbour_id', 'int(11)'), column('name', 'varchar(50)'), column('town', 'varchar(50)')], {
    primaryKey: ['harbour_id'],
    sampleRows: [[1, 'North Quay', 'Bergen']],
  }),
]);
const sqlFor = (question: string) => writeSql({ question, schema: harbours }).value;

describe('courtesy around a SQL question', () => {
  // "located" is read by no table or column: one unread word the reading can bear, not three.
  const plain = 'Which harbours are located in Bergen?';
  it.each([
    `Quick question. ${plain}`,
    `Hi! ${plain}`,
    'Hi, which harbours are located in Bergen?',
    `Can you help me? ${plain}`,
    `${plain} Thanks.`,
    'Which harbours are located in Bergen, thanks',
  ])('%s is written as the question alone', (question) => {
    expect(sqlFor(plain)).toMatchObject({ sql: "SELECT `name` FROM `harbour` WHERE `town` = 'Bergen'" });
    expect(sqlFor(question)).toEqual(sqlFor(plain));
  });
});
