// A subject for the structured-output matrix written by the integrator (an open-air pool), committed
// before the matrix was first run on it and kept from the engineers who changed the structured rules
// in the same round: its first run is an unseen figure. As the earlier held-out subjects, it states
// some facts only in words: a plain and a negated boolean ("Lifeguards watch every session", "no
// parking"), a number written as a word ("eight lanes"), a number with "million", numbers tied to a
// verb ("holds 1.2 million litres", "first opened in 1934" beside a later "reopened") and an enum
// option named by a related word ("open-air" for `outdoor`).
import type { Subject } from './structured-types';
import { citations, object } from './structured-types';

const POOLS = [
  { pool: 'main', length_m: 50 },
  { pool: 'splash', length_m: 12 },
];
const LIDO_TEXT =
  'Brockley Lido is an open-air pool on the edge of Brockley market town. It first opened in 1934 and ' +
  'reopened in 2019 after a long restoration. The main pool is 50 metres long, has eight lanes and ' +
  'holds 1.2 million litres of water, heated to 24 °C from May to September; a shallow splash pool 12 ' +
  'metres long sits beside it. Lifeguards watch every session. There is no parking on site.';
const LIDO_NOTE = 'An open-air pool run by a charity.';

export const LIDO: Subject = {
  name: 'lido (unseen, written by the integrator)',
  question: 'Tell me about Brockley Lido.',
  integrator: true,
  record: {
    name: 'Brockley Lido',
    opened: 1934,
    reopened: 2019,
    length_m: 50,
    volume_litres: 1200000,
    lanes: 8,
    water_temp_c: 24,
    lifeguards: true,
    parking: false,
    kind: 'lido',
    note: LIDO_NOTE,
    pools: POOLS,
  },
  passages: [
    { source: 'leisure.md', text: LIDO_TEXT },
    { source: 'markets.md', text: 'The farmers market fills the square on the first Saturday of the month.' },
  ],
  row: {
    columns: [
      'name',
      'opened',
      'reopened',
      'length_m',
      'volume_litres',
      'lanes',
      'water_temp_c',
      'lifeguards',
      'parking',
      'kind',
      'note',
    ],
    rows: [['Brockley Lido', 1934, 2019, 50, 1200000, 8, 24, 1, 0, 'lido', LIDO_NOTE]],
  },
  cells: [
    {
      kind: 'flat',
      schema: object({ name: { type: 'string' }, length_m: { type: 'integer' } }),
      expected: { name: 'Brockley Lido', length_m: 50 },
    },
    {
      kind: 'nested object',
      schema: object({ lido: object({ name: { type: 'string' }, opened: { type: 'integer' } }) }),
      expected: { lido: { name: 'Brockley Lido', opened: 1934 } },
    },
    {
      kind: 'array of objects',
      schema: object({
        pools: { type: 'array', items: object({ pool: { type: 'string' }, length_m: { type: 'integer' } }) },
      }),
      expected: { pools: POOLS },
      on: {
        rdbms: {
          schema: object({
            pools: { type: 'array', items: object({ pool: { type: 'string' }, length_m: { type: 'integer' } }) },
          }),
          expected: { pools: POOLS },
          rows: { columns: ['pool', 'length_m'], rows: POOLS.map((p) => [p.pool, p.length_m]) },
        },
        vectordb: citations('leisure.md', LIDO_TEXT),
      },
    },
    {
      kind: 'enum',
      schema: object({ kind: { type: 'string', enum: ['lido', 'leisure centre', 'spa'] } }),
      expected: { kind: 'lido' },
    },
    {
      kind: 'enum by synonym',
      schema: object({ access: { type: 'string', enum: ['indoor', 'outdoor'] } }),
      expected: { access: 'outdoor' },
    },
    {
      kind: 'number + integer',
      schema: object({ water_temp_c: { type: 'number' }, lanes: { type: 'integer' } }),
      expected: { water_temp_c: 24, lanes: 8 },
    },
    {
      kind: 'number tied to its verb',
      schema: object({ opened: { type: 'integer' }, holds: { type: 'number' } }),
      expected: { opened: 1934, holds: 1200000 },
    },
    {
      kind: 'boolean, negated',
      schema: object({ parking: { type: 'boolean' } }),
      expected: { parking: false },
    },
    {
      kind: 'boolean, plain',
      schema: object({ lifeguards: { type: 'boolean' } }),
      expected: { lifeguards: true },
    },
    {
      kind: 'required + optional',
      schema: object({ name: { type: 'string' }, phone: { type: 'string' } }, ['name']),
      expected: { name: 'Brockley Lido', phone: undefined },
    },
    {
      kind: 'required, no evidence, nullable',
      schema: object({ name: { type: 'string' }, manager: { type: ['string', 'null'] } }),
      expected: { name: 'Brockley Lido', manager: null },
    },
  ],
};
