// Structured output read from text the way documents write it: a FAQ's questions and their yes/no
// answers, a date after the verb a property is named by, a number the verb takes across "around",
// "room for N", a code's name in apposition, and facts spread over the passages about one subject.
import { describe, expect, it } from 'vitest';
import { answerFromPassages } from '../src/index';
import { structuredAnswer } from '../src/structured-answer';
import { dayOfDateOnly, sharedSubject } from '../src/structured-evidence';
import { statedFlag } from '../src/structured-flags';
import { optionIn } from '../src/structured-options';
import { numberAfterOwnVerb, numberBeforeOwnNoun, numberByVerb } from '../src/structured-measures';

const object = (properties: Record<string, unknown>) => ({ type: 'object', properties });

describe('structured output from documents', () => {
  it('reads a FAQ: a question states nothing, its answer says yes or no to it', () => {
    const faq = 'Can I bring my dog? No, only guide dogs are allowed inside. Is there a lift? Yes.';
    expect(statedFlag('bring_dog', {}, faq)).toBe(false);
    expect(statedFlag('lift', {}, faq)).toBe(true);
    expect(statedFlag('delivery', {}, 'Do you offer delivery? Not yet, sorry.')).toBe(false);
    // Unanswered, or answered by something other than yes or no: nothing.
    expect(statedFlag('parking', {}, 'Is there parking nearby? Ask at the desk.')).toBeUndefined();
    expect(statedFlag('parking', {}, 'Is there parking nearby?')).toBeUndefined();
  });

  it('takes the year of a date after the verb, never its day', () => {
    const text = 'The ferry service was launched on 9 May 2016 after a long campaign.';
    expect(numberAfterOwnVerb('launched', text)).toBe(2016);
    expect(numberAfterOwnVerb('opened', 'The pool has opened since August 3, 2011.')).toBe(2011);
    expect(dayOfDateOnly(9, text)).toBe(true);
    expect(dayOfDateOnly(2016, text)).toBe(false);
    expect(structuredAnswer(object({ launched: { type: 'integer' } }), {}, { evidence: text })).toEqual({
      launched: 2016,
    });
    // A day of a date is no count for another property either.
    expect(structuredAnswer(object({ campaigns: { type: 'integer' } }), {}, { evidence: text })).toEqual({});
  });

  it('takes the number the verb counts across an approximation, not the count of its subject', () => {
    const text = 'Three presses squeeze about 800 litres of cider every week.';
    expect(numberAfterOwnVerb('squeeze', text)).toBe(800);
    expect(numberBeforeOwnNoun('squeezes', 'Three presses squeeze juice.')).toBeUndefined();
    expect(structuredAnswer(object({ squeezes: { type: 'integer' } }), {}, { evidence: text })).toEqual({
      squeezes: 800,
    });
    // A span of time after the verb is no count of what it does.
    expect(numberAfterOwnVerb('opened', 'The shop opened 3 years ago.')).toBeUndefined();
  });

  it('reads "room for N" and "space for N" as a capacity', () => {
    expect(numberByVerb('seats', 'The back room of the inn has room for thirty.')).toBe(30);
    expect(numberByVerb('guests', 'The barn has space for 80 guests.')).toBe(80);
    // Room for something else counted is not the property's.
    expect(numberByVerb('guests', 'The yard has room for 12 cars.')).toBeUndefined();
  });

  it('names a subject asked about by its code with the name the text sets before it', () => {
    const text = 'Kestrel, the X4 coach, crosses the moor twice a day.';
    expect(sharedSubject('What is the X4 coach like?', text)).toBe('Kestrel');
    // A code with no name in apposition, or a name that is no code: as asked.
    expect(sharedSubject('What is the X4 coach like?', 'The X4 coach crosses the moor.')).toBe('X4');
    expect(sharedSubject('Tell me about Kestrel.', text)).toBe('Kestrel');
  });

  it('reads and cites every retrieved passage about the subject, by its text or its source, and no other', () => {
    const passages = [
      {
        source: 'harbour-news.md',
        text: 'The Tern Inn, the old harbour pub, reopened in 2021 with room for 40.',
        score: 0.9,
      },
      { source: 'tern-faq.md', text: 'Do you serve food on Mondays? Yes, from noon.', score: 0.8 },
      { source: 'tides.md', text: 'Do boats sail on Mondays? No, the harbour is closed to boats.', score: 0.7 },
    ];
    const item = object({ source: { type: 'string' } });
    const schema = object({ citations: { type: 'array', items: item }, serves_food_mondays: { type: 'boolean' } });
    const reply = answerFromPassages({ question: 'Tell me about the Tern Inn.', schema, passages });
    expect(JSON.parse(reply.value)).toEqual({
      citations: [{ source: 'harbour-news.md' }, { source: 'tern-faq.md' }],
      serves_food_mondays: true,
    });
  });

  it('reads the noun phrase set beside a name as describing it', () => {
    const sizes = ['small', 'medium', 'large'];
    expect(optionIn(sizes, 'size', 'Brackenfield, the tiny hill farm, keeps forty sheep.')).toBe('small');
    // Mentioned elsewhere in the sentence, the same word describes nothing.
    expect(optionIn(sizes, 'size', 'Brackenfield keeps forty sheep near a tiny stream.')).toBeUndefined();
  });

  it('takes a compound option from a word that is one of its parts, never from a short chance spelling', () => {
    const hours = ['daytime', 'overnight', 'peak'];
    expect(optionIn(hours, 'hours', 'Owlet, the late night shuttle, leaves the square at one.')).toBe('overnight');
    // A part too short to be more than a chance spelling ("ten" of `tennis`) names nothing.
    const sports = ['football', 'tennis', 'golf'];
    expect(optionIn(sports, 'sport', 'Riverside, the ten acre field, is let to clubs.')).toBeUndefined();
  });

  it('reads what a note without its subject says the record does', () => {
    const schema = object({ hours: { type: 'string', enum: ['daytime', 'overnight', 'peak'] } });
    const note = 'Operates through the night, every day of the year.';
    expect(structuredAnswer(schema, { name: 'Owlet', note }, { evidence: 'Name: Owlet.' })).toEqual({
      hours: 'overnight',
    });
  });

  it("matches a schema's pattern in time linear in the text, however the pattern is written", () => {
    // On a backtracking engine `^(\\w+\\s?)*$` tries every split of a sentence's words before its full stop.
    const schema = object({ summary: { type: 'string', pattern: '^(\\w+\\s?)*$' }, name: { type: 'string' } });
    const text = 'The Tern Inn stands on the harbour wall and opens every day of the week from noon.';
    const reply = answerFromPassages({
      question: 'Tell me about the Tern Inn.',
      schema,
      passages: [{ source: 'harbour.md', text, score: 0.9 }],
    });
    const value = JSON.parse(reply.value) as { summary?: string; name?: string };
    expect(value.name).toBe('Tern Inn');
    // Whatever it fills stays within the pattern: words and single spaces only.
    expect(value.summary ?? '').not.toMatch(/[^\w\s]|\s\s/);
  });
});
