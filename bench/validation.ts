// What validating a call's body off the event loop, under a deadline, costs on a normal call: the
// validation pool's round trip to its worker thread against the same compiled schema run directly
// on this thread, same schema, same bodies, same run. Target: at most 0.5 ms added at p50.
import { createSpecAjv, errorsOf } from '../lib/spec/schema-compiler';
import { checkAgainstSchema } from '../lib/spec/validation-pool';
import { isMain, ms, time } from './stats';

const SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: {
    city: { type: 'string', minLength: 1, maxLength: 80, pattern: "^[\\p{L} .'-]+$" },
    units: { enum: ['metric', 'imperial'] },
    days: { type: 'integer', minimum: 1, maximum: 14 },
    contact: { type: 'string', format: 'email' },
    tags: { type: 'array', items: { type: 'string' }, uniqueItems: true, maxItems: 10 },
  },
  required: ['city', 'days'],
  additionalProperties: false,
};
const BODIES = [
  { city: 'Lisbon', units: 'metric', days: 3, contact: 'ops@example.org', tags: ['a', 'b'] },
  { city: 'São Paulo', days: 7 },
  { city: '', days: 30, extra: true },
];

export async function validationFigures(n = 5000) {
  const validate = createSpecAjv().compile(SCHEMA);
  let i = 0;
  const direct = await time(() => errorsOf(validate, BODIES[i++ % BODIES.length]), n);
  const pooled = await time(() => checkAgainstSchema(SCHEMA, BODIES[i++ % BODIES.length]), n);
  return { direct, pooled };
}

if (isMain(import.meta.url)) {
  const { direct, pooled } = await validationFigures();
  console.log(`Body validation of a normal call (${direct.n} calls each, same schema and bodies, same run):`);
  console.log(`  direct on the event loop (baseline)     p50 ${ms(direct.p50)}  p99 ${ms(direct.p99)}`);
  console.log(
    `  worker thread under a deadline          p50 ${ms(pooled.p50)}  p99 ${ms(pooled.p99)}` +
      `  (×${(pooled.p50 / direct.p50).toFixed(1)} of baseline at p50; +${ms(pooled.p50 - direct.p50)} per call, target ≤ 0.5 ms)`,
  );
}
