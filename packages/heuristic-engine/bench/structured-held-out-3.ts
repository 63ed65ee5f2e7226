// Two more subjects for the structured-output matrix (a night bus route, a village bakery), written in
// our own prose after the rules the lighthouse and the orchard led to, and committed before the matrix
// was first run on them: their first-run figure is the unseen one. They are written as documents are:
// a short news item, a spec-sheet line, a FAQ answer ("Are you open on Sundays? Yes, …"). Each states
// a plain and a negated boolean ("no step-free access", "does not take card payments"), numbers tied
// to a verb or a noun in several orders and in words ("seats 48", "31 stops", "every twenty minutes",
// "room for twelve"), a date in two layouts ("4 March 2019", "June 12, 1954"), and an enum option named
// only by a related word ("night" for `overnight`, "tiny" for `small`). Their facts are spread over two
// passages each, so a citation list that supports the answer names both, best first.
import type { Subject } from './structured-types';
import { object } from './structured-types';

const citationsSchema = object({
  citations: { type: 'array', items: object({ source: { type: 'string' }, text: { type: 'string' } }) },
});

const VEHICLES = [
  { type: 'double-decker', count: 6 },
  { type: 'single-decker', count: 2 },
];
const NIGHT_BUS_NEWS =
  'Nightjar, the N7 night bus, was launched on 4 March 2019 and now links Harrowgate station with the ' +
  'airport through the night. The 18.6 km route calls at 31 stops, and buses leave every twenty minutes ' +
  'between midnight and 5 am. Each of its six double-deckers seats 48; two single-deckers cover the ' +
  'quiet hours. There is no step-free access on the route.';
const NIGHT_BUS_FAQ =
  'Does the N7 run on Sundays? Yes: Nightjar runs seven nights a week, Sundays included. ' +
  'Can I pay the driver in cash? No, fares are taken by contactless card only.';
const NIGHT_BUS_NOTE = 'Runs through the night, seven nights a week.';

export const NIGHT_BUS: Subject = {
  name: 'night bus route (held out from the lighthouse rules)',
  question: 'Tell me about the N7 night bus.',
  record: {
    name: 'Nightjar',
    route: 'N7',
    launched: '2019-03-04',
    length_km: 18.6,
    stops: 31,
    frequency_min: 20,
    capacity: 48,
    step_free: false,
    runs_sundays: true,
    mode: 'bus',
    note: NIGHT_BUS_NOTE,
    vehicles: VEHICLES,
  },
  passages: [
    { source: 'night-network.md', text: NIGHT_BUS_NEWS },
    { source: 'night-bus-faq.md', text: NIGHT_BUS_FAQ },
    { source: 'depots.md', text: 'The Eastfield depot washes every bus before the morning shift begins.' },
  ],
  row: {
    columns: [
      'name',
      'route',
      'launched',
      'length_km',
      'stops',
      'frequency_min',
      'capacity',
      'step_free',
      'runs_sundays',
      'mode',
      'note',
    ],
    rows: [['Nightjar', 'N7', '2019-03-04', 18.6, 31, 20, 48, 0, 1, 'bus', NIGHT_BUS_NOTE]],
  },
  cells: [
    {
      kind: 'flat',
      schema: object({ name: { type: 'string' }, stops: { type: 'integer' } }),
      expected: { name: 'Nightjar', stops: 31 },
    },
    {
      kind: 'nested object',
      schema: object({ route: object({ name: { type: 'string' }, launched: { type: 'string', format: 'date' } }) }),
      expected: { route: { name: 'Nightjar', launched: '2019-03-04' } },
    },
    {
      kind: 'array of objects',
      schema: object({
        vehicles: { type: 'array', items: object({ type: { type: 'string' }, count: { type: 'integer' } }) },
      }),
      expected: { vehicles: VEHICLES },
      on: {
        rdbms: {
          schema: object({
            vehicles: { type: 'array', items: object({ type: { type: 'string' }, count: { type: 'integer' } }) },
          }),
          expected: { vehicles: VEHICLES },
          rows: { columns: ['type', 'count'], rows: VEHICLES.map((v) => [v.type, v.count]) },
        },
        vectordb: {
          schema: citationsSchema,
          expected: {
            citations: [
              { source: 'night-network.md', text: NIGHT_BUS_NEWS },
              { source: 'night-bus-faq.md', text: NIGHT_BUS_FAQ },
            ],
          },
        },
      },
    },
    {
      kind: 'enum',
      schema: object({ mode: { type: 'string', enum: ['bus', 'tram', 'train'] } }),
      expected: { mode: 'bus' },
    },
    {
      kind: 'enum by synonym',
      schema: object({ hours: { type: 'string', enum: ['daytime', 'overnight', 'peak'] } }),
      expected: { hours: 'overnight' },
    },
    {
      kind: 'number + integer',
      schema: object({ length_km: { type: 'number' }, frequency_min: { type: 'integer' } }),
      expected: { length_km: 18.6, frequency_min: 20 },
    },
    {
      kind: 'number tied to its verb',
      schema: object({ launched: { type: 'integer' }, seats: { type: 'integer' } }),
      expected: { launched: 2019, seats: 48 },
    },
    {
      kind: 'boolean, negated',
      schema: object({ step_free: { type: 'boolean' } }),
      expected: { step_free: false },
    },
    {
      kind: 'boolean, plain',
      schema: object({ runs_sundays: { type: 'boolean' } }),
      expected: { runs_sundays: true },
    },
    {
      kind: 'required + optional',
      schema: object({ name: { type: 'string' }, operator: { type: 'string' } }, ['name']),
      expected: { name: 'Nightjar', operator: undefined },
    },
    {
      kind: 'required, no evidence, nullable',
      schema: object({ name: { type: 'string' }, fare: { type: ['number', 'null'] } }),
      expected: { name: 'Nightjar', fare: null },
    },
  ],
};

const LOAVES = [
  { bread: 'sourdough', daily: 120 },
  { bread: 'rye', daily: 40 },
];
const BAKERY_NEWS =
  'Stonegate Bakery, the tiny village bakery on Mill Row, has baked bread since June 12, 1954. Its two ' +
  'ovens bake around 400 loaves a day from 85.5 kg of flour, and the family firm employs a staff of ' +
  'nine. The café corner has room for twelve. The bakery does not take card payments.';
const BAKERY_FAQ =
  'Are you open on Sundays? Yes, from 8 until noon. Do you bake gluten-free bread? Not at the moment, ' +
  'as our flour is milled on shared stones.';
const BAKERY_NOTE = 'A tiny bakery on the village high street.';

export const BAKERY: Subject = {
  name: 'village bakery (held out from the lighthouse rules)',
  question: 'Tell me about Stonegate Bakery.',
  record: {
    name: 'Stonegate Bakery',
    established: '1954-06-12',
    loaves_per_day: 400,
    flour_kg: 85.5,
    staff: 9,
    seats: 12,
    card_payments: false,
    open_sundays: true,
    kind: 'bakery',
    note: BAKERY_NOTE,
    loaves: LOAVES,
  },
  passages: [
    { source: 'village-news.md', text: BAKERY_NEWS },
    { source: 'stonegate-faq.md', text: BAKERY_FAQ },
    { source: 'parking.md', text: 'Parking on Mill Row is limited to one hour on market days.' },
  ],
  row: {
    columns: [
      'name',
      'established',
      'loaves_per_day',
      'flour_kg',
      'staff',
      'seats',
      'card_payments',
      'open_sundays',
      'kind',
      'note',
    ],
    rows: [['Stonegate Bakery', '1954-06-12', 400, 85.5, 9, 12, 0, 1, 'bakery', BAKERY_NOTE]],
  },
  cells: [
    {
      kind: 'flat',
      schema: object({ name: { type: 'string' }, seats: { type: 'integer' } }),
      expected: { name: 'Stonegate Bakery', seats: 12 },
    },
    {
      kind: 'nested object',
      schema: object({
        bakery: object({ name: { type: 'string' }, established: { type: 'string', format: 'date' } }),
      }),
      expected: { bakery: { name: 'Stonegate Bakery', established: '1954-06-12' } },
    },
    {
      kind: 'array of objects',
      schema: object({
        loaves: { type: 'array', items: object({ bread: { type: 'string' }, daily: { type: 'integer' } }) },
      }),
      expected: { loaves: LOAVES },
      on: {
        rdbms: {
          schema: object({
            loaves: { type: 'array', items: object({ bread: { type: 'string' }, daily: { type: 'integer' } }) },
          }),
          expected: { loaves: LOAVES },
          rows: { columns: ['bread', 'daily'], rows: LOAVES.map((l) => [l.bread, l.daily]) },
        },
        vectordb: {
          schema: citationsSchema,
          expected: {
            citations: [
              { source: 'village-news.md', text: BAKERY_NEWS },
              { source: 'stonegate-faq.md', text: BAKERY_FAQ },
            ],
          },
        },
      },
    },
    {
      kind: 'enum',
      schema: object({ kind: { type: 'string', enum: ['bakery', 'butcher', 'greengrocer'] } }),
      expected: { kind: 'bakery' },
    },
    {
      kind: 'enum by synonym',
      schema: object({ size: { type: 'string', enum: ['small', 'medium', 'large'] } }),
      expected: { size: 'small' },
    },
    {
      kind: 'number + integer',
      schema: object({ flour_kg: { type: 'number' }, staff: { type: 'integer' } }),
      expected: { flour_kg: 85.5, staff: 9 },
    },
    {
      kind: 'number tied to its verb',
      schema: object({ bakes: { type: 'integer' }, employs: { type: 'integer' } }),
      expected: { bakes: 400, employs: 9 },
    },
    {
      kind: 'boolean, negated',
      schema: object({ card_payments: { type: 'boolean' } }),
      expected: { card_payments: false },
    },
    {
      kind: 'boolean, plain',
      schema: object({ open_sundays: { type: 'boolean' } }),
      expected: { open_sundays: true },
    },
    {
      kind: 'required + optional',
      schema: object({ name: { type: 'string' }, website: { type: 'string' } }, ['name']),
      expected: { name: 'Stonegate Bakery', website: undefined },
    },
    {
      kind: 'required, no evidence, nullable',
      schema: object({ name: { type: 'string' }, owner: { type: ['string', 'null'] } }),
      expected: { name: 'Stonegate Bakery', owner: null },
    },
  ],
};
