// Structured output read from text (the retrieval endpoint's evidence): booleans from plain and
// negated statements, numbers tied to their verb or noun, enum options named by a synonym, the
// subject's name; and nothing where the text says nothing.
import { describe, expect, it } from 'vitest';
import { answerFromPassages } from '../src/index';
import { optionIn, statedFlag } from '../src/structured-evidence';
import type { JsonSchema } from '@fnquery/contracts';

const PASSAGE =
  'The ferry Aurora sails between Port Elm and the Bay of Kells. It was built in 1998 and carries 240 passengers. ' +
  'The vessel is 62.5 metres long. It is not electric: two diesel engines drive it.';

function fromPassage(properties: Record<string, JsonSchema>, question = 'Tell me about the ferry Aurora.') {
  const schema = { type: 'object', properties, required: Object.keys(properties) };
  const reply = answerFromPassages({
    question,
    schema,
    passages: [
      { text: PASSAGE, source: 'fleet.md', score: 0.9 },
      { text: 'Departures leave Port Elm at 07:10 on weekdays.', source: 'timetable.md', score: 0.5 },
    ],
  });
  return JSON.parse(reply.value) as Record<string, unknown>;
}

describe('structured output from text', () => {
  it('fills the reported schema: a year tied to "built", a negated boolean', async () => {
    expect(
      await fromPassage({ name: { type: 'string' }, built: { type: 'integer' }, electric: { type: 'boolean' } }),
    ).toEqual({ name: 'Aurora', built: 1998, electric: false });
  });

  it('reads numbers by their verb, noun or unit, even when the question asked for none of them', async () => {
    expect(
      await fromPassage({ carries: { type: 'integer' }, length_m: { type: 'number' } }, 'Where does the Aurora sail?'),
    ).toEqual({ carries: 240, length_m: 62.5 });
  });

  it('cites only the passages the answer quotes', async () => {
    const item = { type: 'object', properties: { source: { type: 'string' } } };
    expect(await fromPassage({ citations: { type: 'array', items: item } })).toEqual({
      citations: [{ source: 'fleet.md' }],
    });
  });

  it('says yes or no sentence by sentence, and nothing when sentences disagree', () => {
    expect(statedFlag('photography_allowed', {}, 'The hall is large. Photography is not allowed.')).toBe(false);
    expect(statedFlag('photography_allowed', {}, 'Photography is allowed in the hall.')).toBe(true);
    expect(statedFlag('heated', {}, 'The pool is heated. The lake is not heated.')).toBeUndefined();
    expect(statedFlag('heated', {}, 'The pool opens at nine.')).toBeUndefined();
  });

  it('names an enum option outright, by a synonym when only one option fits, never in a negation', () => {
    expect(optionIn(['ship', 'aircraft', 'train'], 'category', 'The vessel is long.')).toBe('ship');
    expect(optionIn(['electricity', 'diesel'], 'fuel', 'It is not electric: diesel engines drive it.')).toBe('diesel');
    expect(optionIn(['small', 'large'], 'size', 'It is neither here nor there.')).toBeUndefined();
  });
});
