// `uniqueItems` in time linear in the array's size. Ajv compares items pairwise (quadratic) unless
// the schema pins them to scalars, so a 270 KB array of small objects took tens of seconds; here
// each item becomes one canonical key (object keys sorted) and a Map finds the first repeat.
// A code keyword (not a `validate` function), so Ajv's standalone output can carry it: the route
// validators generated at build time (tools/generate/route-validators.ts) import `firstRepeat` from
// first-repeat.ts, which carries no Ajv.
import { _, str, type Ajv2020, type CodeKeywordDefinition, type KeywordErrorDefinition } from 'ajv/dist/2020';
import { useFunc } from 'ajv/dist/compile/util';
import { firstRepeat } from './first-repeat';

const error: KeywordErrorDefinition = {
  message: ({ params: { i, j } }) => str`must NOT have duplicate items (items ## ${i} and ${j} are identical)`,
  params: ({ params: { i, j } }) => _`{i: ${i}, j: ${j}}`,
};

const keyword: CodeKeywordDefinition = {
  keyword: 'uniqueItems',
  type: 'array',
  schemaType: 'boolean',
  error,
  code(cxt) {
    const { gen, data, schema } = cxt;
    if (schema !== true) return;
    const repeat = gen.const('repeat', _`${useFunc(gen, firstRepeat)}(${data})`);
    cxt.setParams({ i: _`${repeat}[0]`, j: _`${repeat}[1]` });
    cxt.fail(_`${repeat} !== undefined`);
  },
};

/** Replaces Ajv's own `uniqueItems` on this instance. */
export function useLinearUniqueItems(ajv: Ajv2020): void {
  ajv.removeKeyword('uniqueItems');
  ajv.addKeyword(keyword);
}
