// Structured output read from text (the retrieval endpoint's evidence): booleans from plain and
// negated statements, numbers tied to their verb or noun, enum options named by a synonym, the
// subject's name; and nothing where the text says nothing.
import { describe, expect, it } from 'vitest';
import { answerFromPassages } from '../src/index';
import { resultEvidence, structuredAnswer } from '../src/structured-answer';
import { statedValues } from '../src/structured-evidence';
import { statedFlag } from '../src/structured-flags';
import { nounsBeforeNames, optionIn, whatItIs } from '../src/structured-options';
import { measuredBy, numberAfterOwnVerb, numberBeforeOwnNoun, numberByVerb } from '../src/structured-measures';
import { structuredRows } from '../src/sql-structured';
import { pertainsTo, satelliteOf } from '../src/lexicon/adjectives';
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

  it('prefers the option of the same sense to its opposite ("big" is large, not small)', () => {
    const sizes = ['small', 'medium', 'large'];
    expect(optionIn(sizes, 'size', 'We took a big one for the garden.')).toBe('large');
    expect(optionIn(sizes, 'size', 'Only a little one fits on the shelf.')).toBe('small');
    expect(optionIn(['red', 'green', 'blue'], 'colour', 'The door was painted crimson.')).toBe('red');
    // Words of the same root that do not spell the option are not it ("documents" is no documentary).
    expect(optionIn(['comedy', 'drama', 'documentary'], 'genre', 'It documents the routes.')).toBeUndefined();
    expect(optionIn(['ship', 'barge'], 'kind', 'Two ships left the quay.')).toBe('ship');
    // A synonym the passage merely mentions describes nothing; words that point to different options say nothing.
    expect(optionIn(sizes, 'size', 'Visitors sort big parcels at the back.')).toBeUndefined();
    expect(optionIn(sizes, 'size', 'The big box is next to a little one.')).toBeUndefined();
  });

  it('reads an option from an adjective of its WordNet cluster, written as an adjective', () => {
    const speeds = ['slow', 'medium', 'fast'];
    expect(optionIn(speeds, 'speed', 'The tram is speedy on the flat.')).toBe('fast');
    expect(optionIn(speeds, 'speed', 'Rapid shuttle to the airport.', ['Rapid shuttle'])).toBe('fast');
    // A satellite of a head the option "also sees" (lofty → high, which sees tall).
    expect(optionIn(['short', 'medium', 'tall'], 'height', 'The spire is lofty.')).toBe('tall');
    // A noun of the same stem is no adjective ("limits" is not "limited"), and a satellite names
    // its own cluster's heads only ("narrow" is limited in scope, not small).
    expect(satelliteOf('quick', 'fast')).toBeGreaterThan(0);
    expect(satelliteOf('limits', 'limited')).toBe(0);
    expect(optionIn(['small', 'medium', 'large'], 'size', 'The lane is narrow.')).toBeUndefined();
  });

  it('reads a relational option from the noun it pertains to, or a direct kind of that noun', () => {
    expect(pertainsTo('urban')).toContain('city');
    const settings = ['urban', 'suburban', 'rural'];
    // A short note on a record: its opening describes the record.
    const note = { type: 'object', properties: { setting: { type: 'string', enum: settings } } };
    const fromNote = (text: string) => structuredAnswer(note, { note: text }, { evidence: text });
    expect(fromNote('Countryside cottage with a wood stove.')).toEqual({ setting: 'rural' });
    expect(fromNote('City flat near the station.')).toEqual({ setting: 'urban' });
    // Where a sentence says the subject is describes it; a noun only mentioned in passing does not.
    expect(optionIn(settings, 'setting', 'Greybeck is a dairy farm in the countryside near Tolham.')).toBe('rural');
    expect(optionIn(settings, 'setting', 'The depot lies in the countryside.')).toBe('rural');
    expect(optionIn(settings, 'setting', 'Tickets are sold in the city hall and online.')).toBeUndefined();
  });

  it('takes the option the subject is a member of, and none for a word above all options', () => {
    const transport = ['ship', 'aircraft', 'train'];
    const animals = ['dog', 'cat', 'horse'];
    const member = (options: string[], text: string) => optionIn(options, 'category', text, whatItIs(text));
    expect(optionIn(transport, 'category', 'Kind: ferry. Crew: 5.', ['ferry'])).toBe('ship');
    expect(member(transport, 'The ferry Linnea leaves at noon.')).toBe('ship');
    expect(member(animals, 'It is a puppy, and it sleeps by the stove.')).toBe('dog');
    expect(member(animals, 'The mare Bella is in the stable.')).toBe('horse');
    // "vehicle" is what every option is: it names none of them.
    expect(member(transport, 'It is a vehicle with two doors.')).toBeUndefined();
    // A negated member, a member merely mentioned, members of different options: nothing.
    expect(member(transport, 'It is not a ferry.')).toBeUndefined();
    expect(member(animals, 'Our neighbour owns a terrier.')).toBeUndefined();
    expect(member(animals, 'It is a terrier.')).toBe('dog');
    expect(member(animals, 'It is a puppy. It was a mare.')).toBeUndefined();
  });

  it('reads what a thing is from the noun before its name and from "is a …"', () => {
    expect(whatItIs('The mountain hut Skarven opened in 1931. It is a small cabin.')).toEqual([
      'small cabin',
      'mountain hut',
    ]);
    expect(whatItIs('It is not a ferry; the harbour is busy.')).toEqual([]);
  });

  it('ties a number to a measure verb for a property named by its noun, and only then', () => {
    expect(numberByVerb('capacity', 'The minibus seats 12 and waits outside.')).toBe(12);
    expect(numberByVerb('passengers', 'The launch carries up to 30 people.')).toBe(30);
    expect(numberByVerb('weight', 'The crate weighs 40 kg.')).toBe(40);
    // Another noun after the number says what is counted: not passengers.
    expect(numberByVerb('passengers', 'The barge carries 40 cars.')).toBeUndefined();
    // Two different numbers for one property: no answer rather than a guess.
    expect(numberByVerb('capacity', 'The hall seats 80, the annex seats 20.')).toBeUndefined();
    expect(numberByVerb('weight', 'The crate is 40 cm wide.')).toBeUndefined();
  });

  it('fills a verb-named property from a field named by its noun, never from an unrelated one', () => {
    const schema = { type: 'object', properties: { carries: { type: 'integer' }, weighs: { type: 'number' } } };
    expect(structuredAnswer(schema, { passengers: 180, crew: 6, weight_t: 950 })).toEqual({
      carries: 180,
      weighs: 950,
    });
    expect(structuredAnswer(schema, { crew: 6, speed_knots: 14 })).toEqual({});
  });

  it('fills a verb-named property from a field its verb shares several lexicon groups with', () => {
    const reaches = { type: 'object', properties: { reaches: { type: 'integer' } } };
    expect(structuredAnswer(reaches, { height_m: 12, range_km: 40 })).toEqual({ reaches: 40 });
    expect(measuredBy('reaches', 'range_km')).toBe(true);
    // Two shared groups are too loose ("close" and "distance"), a noun-named property keeps to its
    // own name ("length" is no "duration"), and a property of two words names no verb.
    expect(measuredBy('grows', 'expand_rate')).toBe(false);
    expect(measuredBy('closes', 'distance_km')).toBe(false);
    expect(measuredBy('length', 'duration_s')).toBe(false);
    expect(measuredBy('reaches_sea', 'range_km')).toBe(false);
  });

  it('names the subject from a text column of SQL rows, and reads its stated facts', () => {
    const schema = {
      type: 'object',
      properties: { name: { type: 'string' }, built: { type: 'integer' }, electric: { type: 'boolean' } },
      required: ['name', 'built', 'electric'],
    };
    const note = 'The tug Brenna was built in 2011. It is electric and berths at Quay 3.';
    const rows = { sql: 'SELECT note FROM boat', columns: ['note'], rows: [[note]], rowCount: 1, truncated: false };
    expect(structuredRows(schema, rows, note, 'What do we know about the tug Brenna?')).toEqual({
      name: 'Brenna',
      built: 2011,
      electric: true,
    });
  });

  it('says no for "none of …", and lets the sentence with all of the name\'s words decide', () => {
    const text = 'The depot keeps 40 vans in its yard. None of the vans is refrigerated.';
    expect(statedFlag('refrigerated_vans', {}, text)).toBe(false);
    expect(statedFlag('refrigerated', {}, 'Neither lorry is refrigerated.')).toBe(false);
    expect(statedFlag('refrigerated_vans', {}, 'The depot keeps 40 vans. Every van is refrigerated.')).toBe(true);
    // A negating prefix on the property's own word, not on another word.
    expect(statedFlag('heated', {}, 'The huts are unheated in winter.')).toBe(false);
    expect(statedFlag('smoking', {}, 'All rooms are non-smoking.')).toBe(false);
    expect(statedFlag('accessible', {}, 'The upper gallery is inaccessible by lift.')).toBe(false);
    expect(statedFlag('heated', {}, 'The pool is heated and unusually deep.')).toBe(true);
    // Only sentences with some of the words, disagreeing: nothing.
    expect(statedFlag('refrigerated_vans', {}, 'It has vans. The shed is not refrigerated.')).toBeUndefined();
  });

  it('keeps a negation to its own clause ("…, and the gate is not locked")', () => {
    const text = 'The barn is insulated, and the gate is not locked at night.';
    expect(statedFlag('insulated', {}, text)).toBe(true);
    expect(statedFlag('locked', {}, text)).toBe(false);
    expect(statedFlag('insulated', {}, 'The loft is not insulated; the barn is draughty.')).toBe(false);
    // A negation in the same clause still negates ("not … nor", a comma without a conjunction).
    expect(statedFlag('insulated', {}, 'Neither the barn, nor the loft is insulated.')).toBe(false);
  });

  it('takes a boolean from the sentence-wise reading on every endpoint, not the question reader', () => {
    const schema = { type: 'object', properties: { refrigerated_vans: { type: 'boolean' } } };
    const evidence = 'The depot keeps 40 vans. None of the vans is refrigerated.';
    expect(structuredAnswer(schema, { note: evidence }, { evidence })).toEqual({ refrigerated_vans: false });
  });

  it('ties a number to the noun right after it, across one modifier, over "noun of N"', () => {
    const text = 'The estate keeps 80 dairy cows of 3 breeds and 2 bulls.';
    expect(numberBeforeOwnNoun('cows', text)).toBe(80);
    expect(numberBeforeOwnNoun('breeds', text)).toBe(3);
    // Across a unit or punctuation, or two different numbers before the noun: nothing.
    expect(numberBeforeOwnNoun('cows', 'It is 3 m. Cows graze.')).toBeUndefined();
    expect(numberBeforeOwnNoun('cows', '80 cows and 12 young cows.')).toBeUndefined();
    const schema = { type: 'object', properties: { cows: { type: 'integer' } } };
    expect(structuredAnswer(schema, {}, { evidence: text })).toEqual({ cows: 80 });
  });

  it('ties a year to the verb a property is named by, across an object pronoun', () => {
    expect(numberAfterOwnVerb('restored', 'A trust restored it in 1987 and opened it to walkers.')).toBe(1987);
    expect(numberAfterOwnVerb('opened', 'The bridge opened in 1902.')).toBe(1902);
    // Another verb, a noun after the number, two different numbers, a name of several words: nothing.
    expect(numberAfterOwnVerb('opened', 'The bridge opened on 1902 plans.')).toBeUndefined();
    expect(numberAfterOwnVerb('restored', 'A trust bought it in 1987.')).toBeUndefined();
    expect(numberAfterOwnVerb('restored', 'They restored it in 1987 and restored it in 2004.')).toBeUndefined();
    expect(numberAfterOwnVerb('year_restored', 'They restored it in 1987.')).toBeUndefined();
  });

  it('reads a hyphenated measure before its noun as number and unit ("a 12-metre mast")', () => {
    const schema = { type: 'object', properties: { mast_m: { type: 'number' } } };
    expect(statedValues(schema, 'The schooner carries a 12-metre mast.')).toEqual({ mast_m: 12 });
    // Not a unit after the hyphen: no measure.
    expect(statedValues(schema, 'The mast was refitted in the 2019-20 season.')).toEqual({});
  });

  it('ties a number of visitors to a verb of people coming in', () => {
    expect(numberByVerb('visitors', 'On open days the mill welcomes 120 visitors.')).toBe(120);
    expect(numberByVerb('guests', 'The barn admits 60 guests for weddings.')).toBe(60);
    const schema = { type: 'object', properties: { admits: { type: 'integer' } } };
    expect(structuredAnswer(schema, { visitors: 120, staff: 4 })).toEqual({ admits: 120 });
  });

  it('reads a synonym from the opening of a short note on a record, and nothing from a long text', () => {
    const prices = {
      type: 'object',
      properties: { price: { type: 'string', enum: ['cheap', 'moderate', 'expensive'] } },
    };
    // The function endpoint's evidence is its readable answer; the note is a field of the result.
    const evidence = 'According to lookup: Name: Dunmore.';
    const note = 'Inexpensive rooms near the station.';
    expect(structuredAnswer(prices, { name: 'Dunmore', note }, { evidence })).toEqual({
      price: 'cheap',
    });
    // A note of several sentences is a passage: its opening is no description of the record.
    const passage = 'Inexpensive rooms are rare here. Dunmore has twelve.';
    expect(structuredAnswer(prices, { name: 'Dunmore', note: passage }, { evidence })).toEqual({});
  });

  it('takes the option whose kind is related to the kind of the noun before the name, and only that noun', () => {
    const lodgings = ['cabin', 'hotel', 'campsite'];
    const titled = (text: string) => optionIn(lodgings, 'kind', text, whatItIs(text), nounsBeforeNames(text));
    // A shack is a shelter, a cabin a house; house and shelter are related words, both structures.
    expect(titled('The shack Elvebu stands by the river.')).toBe('cabin');
    // The same noun merely mentioned names nothing; nor does an adjective before a name.
    expect(titled('Walkers pass an old shack on the way to the river.')).toBeUndefined();
    expect(
      optionIn(['building', 'vehicle', 'animal'], 'kind', 'See the whole Register.', [], ['whole']),
    ).toBeUndefined();
  });

  it("reads a function result's long text whole, not only the readable answer's clipped facts", () => {
    const log =
      'The lighthouse keeper logged a calm night with light rain from the west and a single fishing boat ' +
      'passing the point shortly after midnight. The fog signal was tested at dawn and sounded as it should. ' +
      'None of the lamps is automatic.';
    const readable = `According to logbook: Entry: ${log.slice(0, 120)}…`;
    const schema = { type: 'object', properties: { automatic_lamps: { type: 'boolean' } } };
    expect(resultEvidence(readable, { entry: log })).toContain('None of the lamps is automatic.');
    expect(structuredAnswer(schema, { entry: log }, { evidence: resultEvidence(readable, { entry: log }) })).toEqual({
      automatic_lamps: false,
    });
    // A text the readable answer already holds whole is not repeated.
    expect(resultEvidence(`Entry: ${log}`, { entry: log })).toBe(`Entry: ${log}`);
  });
});
