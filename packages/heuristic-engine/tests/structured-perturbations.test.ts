// A structured answer read the same way whatever the form of its evidence and its schema: the
// order of the schema's properties, the case of the text, numbers in words or digits. Where the
// reading depends on the form, the value is left out, never changed to another one.
import { describe, expect, it } from 'vitest';
import { answerFromFunction } from '../src/index';
import type { JsonSchema } from '@fnquery/contracts';

const object = (properties: Record<string, JsonSchema>): JsonSchema => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
});

function fromResult(schema: JsonSchema, result: unknown, question: string) {
  const call = { id: 'call_1', name: 'lookup', arguments: '{}' };
  return JSON.parse(answerFromFunction({ question, call, result, schema }).value) as Record<string, unknown>;
}

describe('structured output under changes that keep the meaning', () => {
  it("gives a question's name to no property the result holds it under another name, in any property order", () => {
    const result = { name: 'Tarnwick', rooms: 9, open: true };
    const question = 'Tell me about the inn Tarnwick.';
    const forward = object({ name: { type: 'string' }, fax: { type: ['string', 'null'] } });
    const reversed = object({ fax: { type: ['string', 'null'] }, name: { type: 'string' } });
    expect(fromResult(forward, result, question)).toEqual({ name: 'Tarnwick', fax: null });
    expect(fromResult(reversed, result, question)).toEqual({ fax: null, name: 'Tarnwick' });
  });
});
