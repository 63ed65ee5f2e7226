// A structured answer read the same way whatever the form of its evidence and its schema: the
// order of the schema's properties, the case of the text, numbers in words or digits. Where the
// reading depends on the form, the value is left out, never changed to another one.
import { describe, expect, it } from 'vitest';
import { answerFromFunction, answerFromPassages } from '../src/index';
import { findNumbers } from '../src/schema-values';
import { statedFlag } from '../src/structured-flags';
import { wholeSentences } from '../src/structured-passages';
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

function fromPassages(schema: JsonSchema, texts: string[], question: string) {
  const passages = texts.map((text, i) => ({ text, source: `doc-${i + 1}.md`, score: 0.9 - i / 10 }));
  return JSON.parse(answerFromPassages({ question, schema, passages }).value) as Record<string, unknown>;
}

describe('structured output under changes that keep the meaning', () => {
  it('reads a number the same in digits and in hyphenated words, and never its last word alone', () => {
    expect(findNumbers('It sleeps twenty-four guests.').map((n) => n.value)).toEqual([24]);
    expect(findNumbers('a twenty-four-hour shop, a three-legged stool')).toEqual([]);
    const schema = object({ sleeps: { type: 'integer' }, lens_cm: { type: 'number' } });
    const question = 'Tell me about the bothy Corrabhan.';
    const written: [string, string, number, number][] = [
      ['12', '30', 12, 30],
      ['twelve', 'thirty', 12, 30],
      ['32', '45', 32, 45],
      ['thirty-two', 'forty-five', 32, 45],
    ];
    for (const [guests, lens, sleeps, lensCm] of written) {
      const text = `The bothy Corrabhan sleeps ${guests} walkers. Its lookout has a ${lens}-centimetre lens.`;
      expect(fromPassages(schema, [text], question)).toEqual({ sleeps, lens_cm: lensCm });
    }
  });

  it('reads a value by its unit whatever the case style of the property name', () => {
    const text = 'The jetty at Corrabhan is 85 metres long and 4.5 m wide.';
    const question = 'Tell me about the jetty at Corrabhan.';
    const styles: [string, string][] = [
      ['length_m', 'width_m'],
      ['lengthM', 'widthM'],
      ['LengthM', 'WidthM'],
      ['lengthMetres', 'widthMetres'],
    ];
    for (const [length, width] of styles) {
      const schema = object({ [length]: { type: 'number' }, [width]: { type: 'number' } });
      expect(fromPassages(schema, [text], question)).toEqual({ [length]: 85, [width]: 4.5 });
    }
  });

  it('names the subject in a text without capitals, never from a word of a text with them', () => {
    const schema = object({ name: { type: 'string' }, sleeps: { type: 'integer' } });
    const question = 'Tell me about the bothy Corrabhan.';
    const text = 'The bothy Corrabhan stands by the loch. It sleeps 8 walkers.';
    expect(fromPassages(schema, [text.toLowerCase()], question)).toEqual({ name: 'Corrabhan', sleeps: 8 });
    // With capitals, "corrabhan" in lower case is not the name asked about.
    expect(fromPassages(schema, ['The corrabhan is a bothy by the loch. It sleeps 8 walkers.'], question)).toEqual({
      name: '',
      sleeps: 8,
    });
    // A code says which name it stands for only through capitals: none is taken without them.
    const coded = 'Kestrel, the X4 coach, leaves at noon. It seats 40.';
    const asked = 'Tell me about the X4 coach.';
    expect(fromPassages(schema, [coded], asked).name).toBe('Kestrel');
    expect(fromPassages(schema, [coded.toLowerCase()], asked).name).toBe('');
  });

  it('reads overlapping chunks of one document as the text they were cut from', () => {
    const schema = object({ grinds: { type: 'integer' }, electric: { type: 'boolean' } });
    const question = 'Tell me about the Tollan watermill.';
    const whole =
      'The Tollan watermill was rebuilt in 1911. Its two stones grind about 300 kilos of oats a week. It is not electric: the river turns it.';
    const chunks = [
      'The Tollan watermill was rebuilt in 1911. Its two stones grind',
      '1911. Its two stones grind about 300 kilos of oats a week. It is not',
      'oats a week. It is not electric: the river turns it.',
    ];
    const expected = { grinds: 300, electric: false };
    expect(fromPassages(schema, [whole], question)).toEqual(expected);
    const asChunks = (texts: string[]) => texts.map((text, i) => ({ text, source: 'mills.md', score: 0.9 - i / 10 }));
    for (const order of [chunks, [...chunks].reverse()]) {
      const reply = answerFromPassages({ question, schema, passages: asChunks(order) });
      expect(JSON.parse(reply.value)).toEqual(expected);
    }
  });

  it('reads nothing from the part of a sentence a chunk was cut from, when the rest is not retrieved', () => {
    const question = 'Tell me about the Tollan watermill.';
    const passages = [
      { text: 'electric: the river turns it.', source: 'mills.md', score: 0.9 },
      { text: 'The Tollan watermill was rebuilt in 1911. Its two stones grind', source: 'mills.md', score: 0.8 },
    ];
    const schema = object({ electric: { type: 'boolean' }, grinds: { type: 'integer' } });
    expect(JSON.parse(answerFromPassages({ question, schema: { ...schema, required: [] }, passages }).value)).toEqual(
      {},
    );
    expect(wholeSentences('not electric: the river turns it. It has a shop. Tours run on', true)).toBe(
      'It has a shop.',
    );
    expect(wholeSentences('- the river turns it. It has a shop', true)).toBe('- the river turns it.');
    expect(wholeSentences('the river turns it. it has a shop', false)).toBe('the river turns it. it has a shop');
  });

  it('finds the subject a question written without capitals asks about, as the text spells it', () => {
    const schema = object({ name: { type: 'string' }, dogs_allowed: { type: 'boolean' } });
    const passages = [
      'The Pennock ferry crosses the Fal twice an hour.',
      'Can I bring my dog? Yes, dogs ride free on the Pennock ferry.',
      'The car park by the slipway closes at dusk.',
    ];
    for (const question of ['Tell me about the Pennock ferry.', 'tell me about the pennock ferry.'])
      expect(fromPassages(schema, passages, question)).toEqual({ name: 'Pennock', dogs_allowed: true });
    // A word that opens a sentence of the text ("The") is no name the question writes.
    expect(fromPassages(schema, passages, 'tell me about the ferry.').name).toBe('');
  });

  it('reads an enum option from what a text without capitals says its subject is', () => {
    const question = 'Tell me about the cottage Corrabhan.';
    const kind = object({ category: { type: 'string', enum: ['building', 'vehicle', 'animal'] } });
    const size = object({ size: { type: 'string', enum: ['small', 'medium', 'large'] } });
    const texts = [
      'The cottage Corrabhan stands by the loch. It sleeps 8 walkers.',
      'Corrabhan, the tiny stone cottage, stands by the loch.',
    ];
    for (const text of [texts[0]!, texts[0]!.toLowerCase()])
      expect(fromPassages(kind, [text], question)).toEqual({ category: 'building' });
    for (const text of [texts[1]!, texts[1]!.toLowerCase()])
      expect(fromPassages(size, [text], question)).toEqual({ size: 'small' });
  });

  it('keeps a negation to its own sentence in a text written all in lower case', () => {
    const text = 'the pool is not heated in winter. towels are provided at the desk, e.g. for swimmers.';
    for (const written of [text, text.replace(/(^|\. )(\p{L})/gu, (_, a: string, b: string) => a + b.toUpperCase())]) {
      expect(statedFlag('towels_provided', {}, written)).toBe(true);
      expect(statedFlag('heated', {}, written)).toBe(false);
    }
    // An abbreviation's full stop ends no sentence: the negation still reaches "towels".
    expect(statedFlag('beach_dogs', {}, 'dogs are not allowed on st. agnes beach.')).toBe(false);
  });

  it("gives a question's name to no property the result holds it under another name, in any property order", () => {
    const result = { name: 'Tarnwick', rooms: 9, open: true };
    const question = 'Tell me about the inn Tarnwick.';
    const forward = object({ name: { type: 'string' }, fax: { type: ['string', 'null'] } });
    const reversed = object({ fax: { type: ['string', 'null'] }, name: { type: 'string' } });
    expect(fromResult(forward, result, question)).toEqual({ name: 'Tarnwick', fax: null });
    expect(fromResult(reversed, result, question)).toEqual({ fax: null, name: 'Tarnwick' });
  });
});
