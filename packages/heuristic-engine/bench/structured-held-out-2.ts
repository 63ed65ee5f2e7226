// Two more subjects for the structured-output matrix (a lighthouse, a community orchard), written in
// our own prose after the rules the chairlift checked, and committed before the matrix was first run
// on them: their first-run figure is the held-out one. Like the earlier held-out subjects each states
// some facts only in words: a plain and a negated boolean, numbers tied to a verb ("reaches 22
// nautical miles", "grows 60 apple trees") or a noun ("154 steps"), and an enum option named only by
// a synonym or a related word ("lofty" for `tall`, "countryside" for `rural`).
import type { Subject } from './structured-types';
import { citations, object } from './structured-types';

const LIGHTS = [
  { colour: 'white', range_nm: 22 },
  { colour: 'red', range_nm: 14 },
];
const LIGHTHOUSE_TEXT =
  'Gullhead lighthouse stands on the granite headland that guards the northern entrance to Carrow ' +
  'Sound. Masons completed it in 1867. The lofty tower rises 41.5 metres, and 154 steps lead up to ' +
  'the lantern, whose white beam reaches 22 nautical miles. The light is automated, and the tower ' +
  'is not open to visitors.';
const LIGHTHOUSE_NOTE = 'A lofty granite light on the headland.';

export const LIGHTHOUSE: Subject = {
  name: 'lighthouse (held out from the chairlift rules)',
  question: 'Tell me about the Gullhead lighthouse.',
  record: {
    name: 'Gullhead',
    completed: 1867,
    height_m: 41.5,
    steps: 154,
    range_nm: 22,
    automated: true,
    open_to_visitors: false,
    kind: 'lighthouse',
    note: LIGHTHOUSE_NOTE,
    lights: LIGHTS,
  },
  passages: [
    { source: 'coast.md', text: LIGHTHOUSE_TEXT },
    { source: 'ferries.md', text: 'Boats to Carrow Sound leave the harbour twice a day in summer.' },
  ],
  row: {
    columns: ['name', 'completed', 'height_m', 'steps', 'range_nm', 'automated', 'open_to_visitors', 'kind', 'note'],
    rows: [['Gullhead', 1867, 41.5, 154, 22, 1, 0, 'lighthouse', LIGHTHOUSE_NOTE]],
  },
  cells: [
    {
      kind: 'flat',
      schema: object({ name: { type: 'string' }, steps: { type: 'integer' } }),
      expected: { name: 'Gullhead', steps: 154 },
    },
    {
      kind: 'nested object',
      schema: object({ lighthouse: object({ name: { type: 'string' }, completed: { type: 'integer' } }) }),
      expected: { lighthouse: { name: 'Gullhead', completed: 1867 } },
    },
    {
      kind: 'array of objects',
      schema: object({
        lights: { type: 'array', items: object({ colour: { type: 'string' }, range_nm: { type: 'integer' } }) },
      }),
      expected: { lights: LIGHTS },
      on: {
        rdbms: {
          schema: object({
            lights: { type: 'array', items: object({ colour: { type: 'string' }, range_nm: { type: 'integer' } }) },
          }),
          expected: { lights: LIGHTS },
          rows: { columns: ['colour', 'range_nm'], rows: LIGHTS.map((l) => [l.colour, l.range_nm]) },
        },
        vectordb: citations('coast.md', LIGHTHOUSE_TEXT),
      },
    },
    {
      kind: 'enum',
      schema: object({ kind: { type: 'string', enum: ['lighthouse', 'lightship', 'beacon'] } }),
      expected: { kind: 'lighthouse' },
    },
    {
      kind: 'enum by synonym',
      schema: object({ height: { type: 'string', enum: ['short', 'medium', 'tall'] } }),
      expected: { height: 'tall' },
    },
    {
      kind: 'number + integer',
      schema: object({ height_m: { type: 'number' }, steps: { type: 'integer' } }),
      expected: { height_m: 41.5, steps: 154 },
    },
    {
      kind: 'number tied to its verb',
      schema: object({ completed: { type: 'integer' }, reaches: { type: 'integer' } }),
      expected: { completed: 1867, reaches: 22 },
    },
    {
      kind: 'boolean, negated',
      schema: object({ open_to_visitors: { type: 'boolean' } }),
      expected: { open_to_visitors: false },
    },
    {
      kind: 'boolean, plain',
      schema: object({ automated: { type: 'boolean' } }),
      expected: { automated: true },
    },
    {
      kind: 'required + optional',
      schema: object({ name: { type: 'string' }, phone: { type: 'string' } }, ['name']),
      expected: { name: 'Gullhead', phone: undefined },
    },
    {
      kind: 'required, no evidence, nullable',
      schema: object({ name: { type: 'string' }, keeper: { type: ['string', 'null'] } }),
      expected: { name: 'Gullhead', keeper: null },
    },
  ],
};

const VARIETIES = [
  { variety: 'russet', trees: 12 },
  { variety: 'pippin', trees: 9 },
];
const ORCHARD_TEXT =
  'Hollins Orchard is a community orchard in the countryside south of Bramford. Residents planted ' +
  'it in 2011; today it grows 60 apple trees of 14 old varieties, and each autumn volunteers press ' +
  'about 900 litres of juice. No pesticides are sprayed on the trees. Dogs are allowed on a lead.';
const ORCHARD_NOTE = 'A countryside orchard kept by its neighbours.';

export const ORCHARD: Subject = {
  name: 'community orchard (held out from the chairlift rules)',
  question: 'Tell me about Hollins Orchard.',
  record: {
    name: 'Hollins Orchard',
    planted: 2011,
    trees: 60,
    varieties: 14,
    juice_litres: 900,
    pesticides: false,
    dogs_allowed: true,
    kind: 'orchard',
    note: ORCHARD_NOTE,
    apples: VARIETIES,
  },
  passages: [
    { source: 'green-spaces.md', text: ORCHARD_TEXT },
    { source: 'buses.md', text: 'The number 7 bus stops at Bramford green every hour.' },
  ],
  row: {
    columns: ['name', 'planted', 'trees', 'varieties', 'juice_litres', 'pesticides', 'dogs_allowed', 'kind', 'note'],
    rows: [['Hollins Orchard', 2011, 60, 14, 900, 0, 1, 'orchard', ORCHARD_NOTE]],
  },
  cells: [
    {
      kind: 'flat',
      schema: object({ name: { type: 'string' }, trees: { type: 'integer' } }),
      expected: { name: 'Hollins Orchard', trees: 60 },
    },
    {
      kind: 'nested object',
      schema: object({ orchard: object({ name: { type: 'string' }, planted: { type: 'integer' } }) }),
      expected: { orchard: { name: 'Hollins Orchard', planted: 2011 } },
    },
    {
      kind: 'array of objects',
      schema: object({
        apples: { type: 'array', items: object({ variety: { type: 'string' }, trees: { type: 'integer' } }) },
      }),
      expected: { apples: VARIETIES },
      on: {
        rdbms: {
          schema: object({
            apples: { type: 'array', items: object({ variety: { type: 'string' }, trees: { type: 'integer' } }) },
          }),
          expected: { apples: VARIETIES },
          rows: { columns: ['variety', 'trees'], rows: VARIETIES.map((v) => [v.variety, v.trees]) },
        },
        vectordb: citations('green-spaces.md', ORCHARD_TEXT),
      },
    },
    {
      kind: 'enum',
      schema: object({ kind: { type: 'string', enum: ['orchard', 'allotment', 'park'] } }),
      expected: { kind: 'orchard' },
    },
    {
      kind: 'enum by synonym',
      schema: object({ setting: { type: 'string', enum: ['urban', 'suburban', 'rural'] } }),
      expected: { setting: 'rural' },
    },
    {
      kind: 'number + integer',
      schema: object({ juice_litres: { type: 'number' }, varieties: { type: 'integer' } }),
      expected: { juice_litres: 900, varieties: 14 },
    },
    {
      kind: 'number tied to its verb',
      schema: object({ planted: { type: 'integer' }, grows: { type: 'integer' } }),
      expected: { planted: 2011, grows: 60 },
    },
    {
      kind: 'boolean, negated',
      schema: object({ pesticides: { type: 'boolean' } }),
      expected: { pesticides: false },
    },
    {
      kind: 'boolean, plain',
      schema: object({ dogs_allowed: { type: 'boolean' } }),
      expected: { dogs_allowed: true },
    },
    {
      kind: 'required + optional',
      schema: object({ name: { type: 'string' }, phone: { type: 'string' } }, ['name']),
      expected: { name: 'Hollins Orchard', phone: undefined },
    },
    {
      kind: 'required, no evidence, nullable',
      schema: object({ name: { type: 'string' }, warden: { type: ['string', 'null'] } }),
      expected: { name: 'Hollins Orchard', warden: null },
    },
  ],
};
