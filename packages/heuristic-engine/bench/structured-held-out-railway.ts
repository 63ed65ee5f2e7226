// A second subject for the structured-output matrix written by the integrator (a heritage railway),
// committed on 2026-11-27 before the matrix was first run on it and kept from the engineers who change
// the structured rules in the same round: its runs are unseen figures, printed as totals only. Its facts
// are spread over a guide's paragraph and a short news item, in the forms such texts use: a negated and a
// plain boolean ("there is no buffet car", "dogs are welcome"), counts in words ("four stations"), numbers
// tied to their verbs ("climbs 140 metres", "carried 61,500 passengers") beside other years and lengths,
// and an enum option named by a description rather than its word ("unpaid helpers" for `volunteers`).
import type { Subject } from './structured-types';
import { citations, object } from './structured-types';

const STATIONS = [
  { station: 'Wenlow', km: 0 },
  { station: 'Castle Halt', km: 4 },
  { station: 'Pennard', km: 7 },
  { station: 'High Moss', km: 11 },
];
const GUIDE_TEXT =
  'The Wenlow Valley Railway is a heritage line that runs for 11 kilometres from Wenlow to High Moss, ' +
  'calling at four stations. The line was built in 1865, closed in 1962 and has been rebuilt since ' +
  '1988 by unpaid helpers, who still run every train. From Wenlow the line climbs 140 metres to High ' +
  'Moss; the journey takes 35 minutes. Dogs are welcome on board, but there is no buffet car.';
const NEWS_TEXT = 'Last season the Wenlow Valley Railway carried 61,500 passengers, its best year since reopening.';
const RAILWAY_NOTE = 'A steam line on a restored branch.';

export const RAILWAY: Subject = {
  name: 'heritage railway (unseen, written by the integrator)',
  question: 'What do you know about the Wenlow Valley Railway?',
  integrator: true,
  record: {
    name: 'Wenlow Valley Railway',
    built: 1865,
    closed: 1962,
    length_km: 11,
    stations: 4,
    climb_m: 140,
    journey_min: 35,
    passengers_last_season: 61500,
    dogs_allowed: true,
    buffet_car: false,
    kind: 'heritage railway',
    note: RAILWAY_NOTE,
    stops: STATIONS,
  },
  passages: [
    { source: 'guide.md', text: GUIDE_TEXT },
    { source: 'news.md', text: NEWS_TEXT },
    { source: 'walks.md', text: 'A footpath follows the river from the old mill to the weir.' },
  ],
  row: {
    columns: [
      'name',
      'built',
      'closed',
      'length_km',
      'stations',
      'climb_m',
      'journey_min',
      'passengers_last_season',
      'dogs_allowed',
      'buffet_car',
      'kind',
      'note',
    ],
    rows: [['Wenlow Valley Railway', 1865, 1962, 11, 4, 140, 35, 61500, 1, 0, 'heritage railway', RAILWAY_NOTE]],
  },
  cells: [
    {
      kind: 'flat',
      schema: object({ name: { type: 'string' }, length_km: { type: 'number' } }),
      expected: { name: 'Wenlow Valley Railway', length_km: 11 },
    },
    {
      kind: 'nested object',
      schema: object({ railway: object({ name: { type: 'string' }, built: { type: 'integer' } }) }),
      expected: { railway: { name: 'Wenlow Valley Railway', built: 1865 } },
    },
    {
      kind: 'array of objects',
      schema: object({
        stops: { type: 'array', items: object({ station: { type: 'string' }, km: { type: 'number' } }) },
      }),
      expected: { stops: STATIONS },
      on: {
        rdbms: {
          schema: object({
            stops: { type: 'array', items: object({ station: { type: 'string' }, km: { type: 'number' } }) },
          }),
          expected: { stops: STATIONS },
          rows: { columns: ['station', 'km'], rows: STATIONS.map((s) => [s.station, s.km]) },
        },
        vectordb: citations('guide.md', GUIDE_TEXT),
      },
    },
    {
      kind: 'enum',
      schema: object({ kind: { type: 'string', enum: ['heritage railway', 'tramway', 'funicular'] } }),
      expected: { kind: 'heritage railway' },
    },
    {
      kind: 'enum by synonym',
      schema: object({ run_by: { type: 'string', enum: ['volunteers', 'council', 'company'] } }),
      expected: { run_by: 'volunteers' },
    },
    {
      kind: 'number + integer',
      schema: object({ journey_min: { type: 'number' }, stations: { type: 'integer' } }),
      expected: { journey_min: 35, stations: 4 },
    },
    {
      kind: 'number tied to its verb',
      schema: object({ climbs_m: { type: 'integer' }, carried: { type: 'integer' } }),
      expected: { climbs_m: 140, carried: 61500 },
    },
    {
      kind: 'boolean, negated',
      schema: object({ buffet_car: { type: 'boolean' } }),
      expected: { buffet_car: false },
    },
    {
      kind: 'boolean, plain',
      schema: object({ dogs_allowed: { type: 'boolean' } }),
      expected: { dogs_allowed: true },
    },
    {
      kind: 'required + optional',
      schema: object({ name: { type: 'string' }, website: { type: 'string' } }, ['name']),
      expected: { name: 'Wenlow Valley Railway', website: undefined },
    },
    {
      kind: 'required, no evidence, nullable',
      schema: object({ name: { type: 'string' }, chairman: { type: ['string', 'null'] } }),
      expected: { name: 'Wenlow Valley Railway', chairman: null },
    },
  ],
};
