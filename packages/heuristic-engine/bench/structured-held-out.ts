// Two subjects for the structured-output matrix written after the rules, in our own prose, and
// committed before the matrix was first run on them: their first-run figure is the held-out one.
// Each states some facts only in words: a plain and a negated boolean, numbers tied to a verb or a
// noun, an enum option named only by a synonym ("little" for `small`, "inexpensive" for `cheap`).
// Besides the ferry's kinds each has "boolean, plain" (a statement without negation). The chairlift
// was written and committed after the rules that the first two led to, before its own first run:
// its first-run figure is the held-out one for those rules.
import type { Subject } from './structured-types';
import { citations, object } from './structured-types';

const TELESCOPES = [
  { type: 'reflector', mirror_cm: 40 },
  { type: 'refractor', mirror_cm: 10 },
];
const OBSERVATORY_TEXT =
  'Stellmoor is a little observatory on a chalk ridge above the village of Ashby Fen. Volunteers ' +
  'founded it in 1974, and its dome houses a reflecting telescope with a 40-centimetre mirror. On ' +
  'clear Friday evenings it welcomes 35 visitors. The dome is not heated, so visitors should dress ' +
  'warmly. The observatory is wheelchair accessible: a ramp leads from the car park to the door.';

export const OBSERVATORY: Subject = {
  name: 'observatory (held out)',
  question: 'Tell me about the Stellmoor observatory.',
  record: {
    name: 'Stellmoor',
    founded: 1974,
    visitors: 35,
    heated: false,
    wheelchair_accessible: true,
    kind: 'observatory',
    mirror_cm: 40,
    note: 'A little observatory run by volunteers.',
    telescopes: TELESCOPES,
  },
  passages: [
    { source: 'stars.md', text: OBSERVATORY_TEXT },
    { source: 'parking.md', text: 'The car park at Ashby Fen closes at midnight and charges 2 pounds an evening.' },
  ],
  row: {
    columns: ['name', 'founded', 'visitors', 'heated', 'wheelchair_accessible', 'kind', 'mirror_cm', 'note'],
    rows: [['Stellmoor', 1974, 35, 0, 1, 'observatory', 40, 'A little observatory run by volunteers.']],
  },
  cells: [
    {
      kind: 'flat',
      schema: object({ name: { type: 'string' }, visitors: { type: 'integer' } }),
      expected: { name: 'Stellmoor', visitors: 35 },
    },
    {
      kind: 'nested object',
      schema: object({ observatory: object({ name: { type: 'string' }, founded: { type: 'integer' } }) }),
      expected: { observatory: { name: 'Stellmoor', founded: 1974 } },
    },
    {
      kind: 'array of objects',
      schema: object({
        telescopes: { type: 'array', items: object({ type: { type: 'string' }, mirror_cm: { type: 'integer' } }) },
      }),
      expected: { telescopes: TELESCOPES },
      on: {
        rdbms: {
          schema: object({
            telescopes: {
              type: 'array',
              items: object({ type: { type: 'string' }, mirror_cm: { type: 'integer' } }),
            },
          }),
          expected: { telescopes: TELESCOPES },
          rows: { columns: ['type', 'mirror_cm'], rows: TELESCOPES.map((t) => [t.type, t.mirror_cm]) },
        },
        vectordb: citations('stars.md', OBSERVATORY_TEXT),
      },
    },
    {
      kind: 'enum',
      schema: object({ kind: { type: 'string', enum: ['observatory', 'planetarium', 'library'] } }),
      expected: { kind: 'observatory' },
    },
    {
      kind: 'enum by synonym',
      schema: object({ size: { type: 'string', enum: ['small', 'medium', 'large'] } }),
      expected: { size: 'small' },
    },
    {
      kind: 'number + integer',
      schema: object({ mirror_cm: { type: 'number' }, visitors: { type: 'integer' } }),
      expected: { mirror_cm: 40, visitors: 35 },
    },
    {
      kind: 'number tied to its verb',
      schema: object({ founded: { type: 'integer' }, welcomes: { type: 'integer' } }),
      expected: { founded: 1974, welcomes: 35 },
    },
    {
      kind: 'boolean, negated',
      schema: object({ heated: { type: 'boolean' } }),
      expected: { heated: false },
    },
    {
      kind: 'boolean, plain',
      schema: object({ wheelchair_accessible: { type: 'boolean' } }),
      expected: { wheelchair_accessible: true },
    },
    {
      kind: 'required + optional',
      schema: object({ name: { type: 'string' }, phone: { type: 'string' } }, ['name']),
      expected: { name: 'Stellmoor', phone: undefined },
    },
    {
      kind: 'required, no evidence, nullable',
      schema: object({ name: { type: 'string' }, director: { type: ['string', 'null'] } }),
      expected: { name: 'Stellmoor', director: null },
    },
  ],
};

const DOCKS = [
  { station: 'Quayside', bikes: 24 },
  { station: 'Market Square', bikes: 16 },
];
const BIKE_TEXT =
  'Wheelwise is the bicycle-hire scheme of Lowmarsh. It launched in 2019 and has 150 bikes spread ' +
  'over 18 docking stations. The scheme is inexpensive: a ride costs £1.50 for the first half hour. ' +
  'None of the bikes is electric. Every station accepts contactless payment.';

export const BIKE_HIRE: Subject = {
  name: 'bicycle hire (held out)',
  question: 'Tell me about the Wheelwise bike hire.',
  record: {
    name: 'Wheelwise',
    launched: 2019,
    bikes: 150,
    stations: 18,
    price_gbp: 1.5,
    electric_bikes: false,
    contactless: true,
    kind: 'bicycle',
    note: 'Inexpensive bike hire for short rides around town.',
    docks: DOCKS,
  },
  passages: [
    { source: 'transport.md', text: BIKE_TEXT },
    { source: 'town.md', text: 'Lowmarsh lies on the river Ouse, 12 miles from the coast.' },
  ],
  row: {
    columns: ['name', 'launched', 'bikes', 'stations', 'price_gbp', 'electric_bikes', 'contactless', 'kind', 'note'],
    rows: [['Wheelwise', 2019, 150, 18, 1.5, 0, 1, 'bicycle', 'Inexpensive bike hire for short rides around town.']],
  },
  cells: [
    {
      kind: 'flat',
      schema: object({ name: { type: 'string' }, stations: { type: 'integer' } }),
      expected: { name: 'Wheelwise', stations: 18 },
    },
    {
      kind: 'nested object',
      schema: object({ scheme: object({ name: { type: 'string' }, launched: { type: 'integer' } }) }),
      expected: { scheme: { name: 'Wheelwise', launched: 2019 } },
    },
    {
      kind: 'array of objects',
      schema: object({
        docks: { type: 'array', items: object({ station: { type: 'string' }, bikes: { type: 'integer' } }) },
      }),
      expected: { docks: DOCKS },
      on: {
        rdbms: {
          schema: object({
            docks: { type: 'array', items: object({ station: { type: 'string' }, bikes: { type: 'integer' } }) },
          }),
          expected: { docks: DOCKS },
          rows: { columns: ['station', 'bikes'], rows: DOCKS.map((d) => [d.station, d.bikes]) },
        },
        vectordb: citations('transport.md', BIKE_TEXT),
      },
    },
    {
      kind: 'enum',
      schema: object({ kind: { type: 'string', enum: ['bicycle', 'scooter', 'car'] } }),
      expected: { kind: 'bicycle' },
    },
    {
      kind: 'enum by synonym',
      schema: object({ price_band: { type: 'string', enum: ['cheap', 'moderate', 'expensive'] } }),
      expected: { price_band: 'cheap' },
    },
    {
      kind: 'number + integer',
      schema: object({ price_gbp: { type: 'number' }, bikes: { type: 'integer' } }),
      expected: { price_gbp: 1.5, bikes: 150 },
    },
    {
      kind: 'number tied to its verb',
      schema: object({ launched: { type: 'integer' }, costs: { type: 'number' } }),
      expected: { launched: 2019, costs: 1.5 },
    },
    {
      kind: 'boolean, negated',
      schema: object({ electric_bikes: { type: 'boolean' } }),
      expected: { electric_bikes: false },
    },
    {
      kind: 'boolean, plain',
      schema: object({ contactless: { type: 'boolean' } }),
      expected: { contactless: true },
    },
    {
      kind: 'required + optional',
      schema: object({ name: { type: 'string' }, phone: { type: 'string' } }, ['name']),
      expected: { name: 'Wheelwise', phone: undefined },
    },
    {
      kind: 'required, no evidence, nullable',
      schema: object({ name: { type: 'string' }, email: { type: ['string', 'null'] } }),
      expected: { name: 'Wheelwise', email: null },
    },
  ],
};

const SECTIONS = [
  { section: 'lower', length_m: 800 },
  { section: 'upper', length_m: 650 },
];
const LIFT_TEXT =
  'The Skarvet chairlift runs from the valley station at Holm to the top of Skarvet. Engineers ' +
  'installed it in 2003; it moves 1,800 skiers an hour along a 1,450-metre cable. The chairlift is ' +
  'quick: a ride takes seven minutes. The chairs are unheated, though each has a foot rest.';

export const CHAIRLIFT: Subject = {
  name: 'chairlift (held out from the rules above)',
  question: 'Tell me about the Skarvet chairlift.',
  record: {
    name: 'Skarvet',
    installed: 2003,
    skiers_per_hour: 1800,
    ride_minutes: 7,
    heated: false,
    foot_rest: true,
    kind: 'chairlift',
    length_m: 1450,
    note: 'Quick chairlift to the top.',
    sections: SECTIONS,
  },
  passages: [
    { source: 'lifts.md', text: LIFT_TEXT },
    { source: 'village.md', text: 'Holm has two cafés and a ski school.' },
  ],
  row: {
    columns: [
      'name',
      'installed',
      'skiers_per_hour',
      'ride_minutes',
      'heated',
      'foot_rest',
      'kind',
      'length_m',
      'note',
    ],
    rows: [['Skarvet', 2003, 1800, 7, 0, 1, 'chairlift', 1450, 'Quick chairlift to the top.']],
  },
  cells: [
    {
      kind: 'flat',
      schema: object({ name: { type: 'string' }, ride_minutes: { type: 'integer' } }),
      expected: { name: 'Skarvet', ride_minutes: 7 },
    },
    {
      kind: 'nested object',
      schema: object({ lift: object({ name: { type: 'string' }, installed: { type: 'integer' } }) }),
      expected: { lift: { name: 'Skarvet', installed: 2003 } },
    },
    {
      kind: 'array of objects',
      schema: object({
        sections: { type: 'array', items: object({ section: { type: 'string' }, length_m: { type: 'integer' } }) },
      }),
      expected: { sections: SECTIONS },
      on: {
        rdbms: {
          schema: object({
            sections: { type: 'array', items: object({ section: { type: 'string' }, length_m: { type: 'integer' } }) },
          }),
          expected: { sections: SECTIONS },
          rows: { columns: ['section', 'length_m'], rows: SECTIONS.map((s) => [s.section, s.length_m]) },
        },
        vectordb: citations('lifts.md', LIFT_TEXT),
      },
    },
    {
      kind: 'enum',
      schema: object({ kind: { type: 'string', enum: ['chairlift', 'gondola', 'funicular'] } }),
      expected: { kind: 'chairlift' },
    },
    {
      kind: 'enum by synonym',
      schema: object({ speed: { type: 'string', enum: ['slow', 'medium', 'fast'] } }),
      expected: { speed: 'fast' },
    },
    {
      kind: 'number + integer',
      schema: object({ length_m: { type: 'number' }, skiers_per_hour: { type: 'integer' } }),
      expected: { length_m: 1450, skiers_per_hour: 1800 },
    },
    {
      kind: 'number tied to its verb',
      schema: object({ installed: { type: 'integer' }, moves: { type: 'integer' } }),
      expected: { installed: 2003, moves: 1800 },
    },
    {
      kind: 'boolean, negated',
      schema: object({ heated: { type: 'boolean' } }),
      expected: { heated: false },
    },
    {
      kind: 'boolean, plain',
      schema: object({ foot_rest: { type: 'boolean' } }),
      expected: { foot_rest: true },
    },
    {
      kind: 'required + optional',
      schema: object({ name: { type: 'string' }, phone: { type: 'string' } }, ['name']),
      expected: { name: 'Skarvet', phone: undefined },
    },
    {
      kind: 'required, no evidence, nullable',
      schema: object({ name: { type: 'string' }, operator: { type: ['string', 'null'] } }),
      expected: { name: 'Skarvet', operator: null },
    },
  ],
};
