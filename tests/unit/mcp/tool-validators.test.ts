// The built-in tools check their arguments with validators compiled at build time
// (tools/generate/mcp-validators.ts): each must judge arguments as Ajv compiling the schema at run time does,
// errors included, since the model reads those errors.
import { describe, expect, it } from 'vitest';
import { serviceAjv } from '../../../lib/json-schema';
import type { RouteValidator } from '../../../lib/schema-violations';
import { slug } from '../../../tools/generate/route-validators';
import { TOOL_INPUTS } from '../../../tools/generate/mcp-validators';

/** Arguments that pass some tools and fail others: missing, extra, wrong type, bad pattern, both or neither of a oneOf. */
const PROBES: unknown[] = [
  'not an object',
  {},
  { bundle_base64: '' },
  { bundle_base64: 'UEsDBA==' },
  { bundle_base64: 'UEsDBA==', extra: 1 },
  { collection_name: 'field-notes', filename: 'a.md', text: 'hello' },
  { collection_name: 'field-notes', filename: 'a.md', text: 'hello', content_base64: 'aGk=' },
  { collection_name: 'Field Notes!', filename: '', content_base64: 'aGk=' },
  { collection: 'field-notes', query: 'which gate is open?' },
  { collection: 'field-notes', query: 'which gate is open?', limit: 0 },
  { collection: 'field-notes', query: 'x', limit: 51, rag_query: '' },
  { collection: 'field-notes', query: 7 },
];

describe('MCP tool argument validators', () => {
  it.each(Object.entries(TOOL_INPUTS))(
    '%s: the generated check answers as Ajv compiling its schema does',
    async (tool, schema) => {
      const generated = (
        (await import(`../../../lib/mcp/validators/${slug(tool)}.generated.ts`)) as { validate: RouteValidator }
      ).validate;
      const runtime = serviceAjv().compile(schema);
      let accepted = 0;
      for (const probe of PROBES) {
        const copy = structuredClone(probe);
        const verdict = generated(copy);
        expect(verdict, JSON.stringify(probe)).toBe(runtime(structuredClone(probe)));
        expect(generated.errors ?? null).toEqual(runtime.errors ?? null);
        if (verdict) accepted++;
      }
      // Every tool takes at least one probe and refuses others, so the comparison covers both outcomes.
      expect(accepted).toBeGreaterThan(0);
      expect(accepted).toBeLessThan(PROBES.length);
    },
  );
});
