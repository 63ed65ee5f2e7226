// What a hostile structured_output schema costs before any work: decoding, compiling and the
// unsatisfiability checks (lib/ai/structured-output.ts) of schemas written to stall them — a
// backtracking pattern against a long required name, a lookahead, `$ref`s that fan out, deep
// nesting, a huge enum — against an ordinary schema of the structured-output matrix, same run. Each
// schema gets a fresh `$comment` per call, so every call misses the compiled-schema cache.
// Run: npm run bench -- structured-schemas
import { parseStructuredOutput } from '../lib/ai/structured-output';
import { isMain, ms, time } from './stats';

const object = (properties: Record<string, unknown>) => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
});

const ORDINARY = object({
  name: { type: 'string' },
  built: { type: 'integer', minimum: 1800, maximum: 2100 },
  kind: { type: 'string', enum: ['ferry', 'barge', 'tanker'] },
  crew: { type: 'array', items: object({ role: { type: 'string' }, count: { type: 'integer' } }) },
  note: { type: ['string', 'null'], maxLength: 200 },
});

const fan = () => {
  const defs: Record<string, unknown> = { d16: { type: 'integer', minimum: 2, maximum: 1 } };
  for (let i = 0; i < 16; i++)
    defs[`d${i}`] = { anyOf: Array.from({ length: 10 }, () => ({ $ref: `#/$defs/d${i + 1}` })) };
  return { ...object({ x: { $ref: '#/$defs/d0' } }), $defs: defs };
};
const deep = () => {
  let schema: unknown = { type: 'string' };
  for (let i = 0; i < 2000; i++) schema = { items: schema };
  return object({ x: schema });
};

const HOSTILE: [string, Record<string, unknown>][] = [
  [
    "patternProperties '^(a+)+$' and a 40-letter required name",
    { type: 'object', patternProperties: { '^(a+)+$': false }, required: [`${'a'.repeat(40)}!`] },
  ],
  ["a lookahead pattern '^(?=(a+)+$)'", object({ id: { type: 'string', pattern: '^(?=(a+)+$)' } })],
  ['$defs whose anyOf arms fan out 10 ways, 16 deep', fan()],
  ['2,000 levels of nested items', deep()],
  ['an enum of 10,000 numbers with a const outside it', object({ n: { enum: [...Array(10_000).keys()], const: -1 } })],
];

let serial = 0;
/** One uncached parse: refused (400) or accepted, either way its cost. */
function parse(schema: Record<string, unknown>): void {
  const text = Buffer.from(JSON.stringify({ ...schema, $comment: `run ${serial++}` })).toString('base64');
  try {
    parseStructuredOutput(text);
  } catch {
    // a 400 is the expected outcome of most hostile schemas
  }
}

if (isMain(import.meta.url)) {
  const n = 20;
  const baseline = await time(() => parse(ORDINARY), n, 5);
  console.log(`structured_output schema checks before any work (${n} uncached parses each, same run):`);
  console.log(
    `  ${'an ordinary matrix schema (baseline)'.padEnd(58)} p50 ${ms(baseline.p50)}  p99 ${ms(baseline.p99)}`,
  );
  for (const [label, schema] of HOSTILE) {
    const t = await time(() => parse(schema), n, 2);
    console.log(
      `  ${label.padEnd(58)} p50 ${ms(t.p50)}  p99 ${ms(t.p99)}  (×${(t.p50 / baseline.p50).toFixed(1)} of baseline)`,
    );
  }
}
