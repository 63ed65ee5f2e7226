import { describe, expect, it } from 'vitest';
import {
  dateLayoutIn,
  findAskedUnits,
  findBracketLists,
  findDates,
  findEmails,
  findEnumerations,
  findExpressions,
  findIdentifiers,
  findKeyValues,
  findNames,
  findNumbers,
  findNumberTuples,
  findOptions,
  findPhraseLists,
  findQuoted,
  findRanges,
  findTimes,
  findUris,
  formatDate,
  quantityStems,
  toBaseUnit,
} from '../src/schema-values';
import { tokenize } from '@fnquery/text-tools';

const texts = (found: { text: string }[]) => found.map((f) => f.text);

describe('findNumbers', () => {
  it.each([
    ['a shelf of 10 units', { value: 10, unit: 'units' }],
    ['b = -11', { value: -11 }],
    ['drifts 12,000 miles', { value: 12000, unit: 'miles' }],
    ['charges of 1e-9', { value: 1e-9 }],
    ['a lamp sold at $20', { value: 20, currency: 'USD' }],
    ['a tip of 5%', { value: 5, percent: true }],
    ['lightness to 60 percent', { value: 60, percent: true }],
    ['weighs 3.5 kg', { value: 3.5, unit: 'kg', whole: false }],
    ['base 6cm', { value: 6, unit: 'cm' }],
    ['a population of 213 million', { value: 213_000_000 }],
    ['2.7 million square kilometers', { value: 2_700_000, whole: true }],
    ['a budget of $10k', { value: 10_000, currency: 'USD' }],
    ['a loan of $2.5m', { value: 2_500_000, currency: 'USD' }],
    ['a mast of 2.5m', { value: 2.5, unit: 'm' }],
    ['a temperature of 300K', { value: 300, unit: 'K' }],
    ['at 30 degrees Celsius', { value: 30, unit: 'Celsius' }],
    ['the 17th century', { value: 17, ordinal: true, unit: 'century' }],
    ['three bedrooms', { value: 3, spelled: true, unit: 'bedrooms' }],
    ['twenty five people', { value: 25, spelled: true }],
    ['two dozen pears', { value: 24, spelled: true }],
  ])('reads %j', (text, expected) => {
    expect(findNumbers(text)[0]).toMatchObject(expected);
  });

  it('skips identifiers, formula coefficients, ranges written with a dash and compound adjectives', () => {
    expect(findNumbers('id rs6034464 and B1004')).toEqual([]);
    expect(findNumbers('the curve 5x^3 + 7x')).toEqual([]);
    expect(findNumbers('seasons 2020-2021').map((n) => n.value)).toEqual([2020]);
    expect(findNumbers('a three-door wardrobe')).toEqual([]);
  });

  it('never takes a stop word as the unit', () => {
    expect(findNumbers('from 2031 to 2036')[0]!.unit).toBeUndefined();
  });
});

describe('dates and times', () => {
  it.each([
    ['on 2022-04-27', '2022-04-27'],
    ['born 01-01-1980', '1980-01-01'],
    ['on 31/12/2020', '2020-12-31'],
    ['starting March 10th, 2023', '2023-03-10'],
    ['at noon March.11, 2031', '2031-03-11'],
    ['until 15th October,2031', '2031-10-15'],
    ['that Friday, Jun.20,2031', '2031-06-20'],
    ['in Lyon from 2031 April 4th', '2031-04-04'],
  ])('reads %j', (text, iso) => {
    expect(formatDate(findDates(text)[0]!)).toBe(iso);
  });

  it('gives a date without a year the year of another date in the text', () => {
    const [, second] = findDates('from 2031 April 4th to April 8th');
    expect(formatDate(second!)).toBe('2031-04-08');
  });

  it('keeps partial dates and ignores the verb "may"', () => {
    const april = findDates('the month after (April 2031)')[0]!;
    expect([april.year, april.month, april.day]).toEqual([2031, 4, undefined]);
    expect(formatDate(findDates('April 2031')[0]!)).toBeUndefined();
    expect(findDates('you may march on')).toEqual([]);
  });

  it('writes dates in the layout a description names', () => {
    const date = findDates('on March 17, 1931')[0]!;
    expect(formatDate(date, dateLayoutIn('Write it as MM-DD-YYYY.'))).toBe('03-17-1931');
    expect(formatDate(date, dateLayoutIn('When it opens (month-day-year).'))).toBe('03-17-1931');
    expect(formatDate(date, dateLayoutIn('written DD-MM-YYY'))).toBe('17-03-1931');
    expect(dateLayoutIn("Term written 'YYYY-YYYY'")).toBeUndefined();
  });

  it('reads 12- and 24-hour times', () => {
    expect(findTimes('at 6:30 PM or 3pm, else 23:15')).toMatchObject([
      { hour: 18, minute: 30 },
      { hour: 15, minute: 0 },
      { hour: 23, minute: 15 },
    ]);
  });
});

describe('text values', () => {
  it('finds quoted strings, keeping apostrophes inside them', () => {
    expect(texts(findQuoted(`the title 'Picnic' and note 'Let's bring figs at 10 AM'.`))).toEqual([
      'Picnic',
      "Let's bring figs at 10 AM",
    ]);
    expect(texts(findQuoted('a “curly” one and `code`'))).toEqual(['curly', 'code']);
  });

  it('does not take a question that is quoted as a whole for a value', () => {
    expect(findQuoted(`'Show the tide tables of Kells for the next 3 days.'`)).toEqual([]);
  });

  it('finds e-mail addresses, URIs, paths and domains', () => {
    expect(texts(findEmails('mail ada.byron@example.com now'))).toEqual(['ada.byron@example.com']);
    expect(
      texts(findUris('see https://example.com/a?b=1, C:/logs/boats.csv and ~/logs/x.nii on Tidetables.org')),
    ).toEqual(['https://example.com/a?b=1', 'C:/logs/boats.csv', '~/logs/x.nii', 'Tidetables.org']);
  });

  it('finds identifiers but not numbers with units', () => {
    expect(
      texts(findIdentifiers('tag qx5520913, hangar H2207, raw_rows, FleetDB, 2031-2032, 25x35, 6cm, 70kg')),
    ).toEqual(['qx5520913', 'H2207', 'raw_rows', 'FleetDB', '2031-2032', '25x35']);
  });

  it('finds capitalised names, not the words that open a request', () => {
    expect(texts(findNames('Find the Bay of Kells and The Quiet Pines in Port Elm.'))).toEqual([
      'Bay of Kells',
      'The Quiet Pines',
      'Port Elm',
    ]);
    expect(texts(findNames('What is R&D 7 and Model 9?'))).toEqual(['R&D 7', 'Model 9']);
    expect(texts(findNames('Say hello to Grace.'))).toEqual(['Grace']);
    expect(texts(findNames('Greet Ada Lovelace, please.'))).toEqual(['Ada Lovelace']);
  });

  it('ends a name before a number written with a thousands comma or a decimal point', () => {
    expect(texts(findNames('Pay Copper Kiln Studio 2,400 by Friday'))).toEqual(['Copper Kiln Studio', 'Friday']);
    expect(texts(findNames('Find Harbour View 4.5'))).toEqual(['Harbour View']);
    expect(texts(findNames('Take Route 66, then stop'))).toEqual(['Route 66']);
  });

  it('keeps "City, Region" pairs together, with their parts', () => {
    const [tokyo] = findNames('the time in Tokyo, Japan now');
    expect(tokyo).toMatchObject({ text: 'Tokyo, Japan', parts: [{ text: 'Tokyo' }, { text: 'Japan' }] });
    expect(texts(findNames('between Dover, DE, and Halifax, N.S. please'))).toEqual(['Dover, DE', 'Halifax, N.S.']);
    expect(texts(findNames('rowers Ines, Tove, Bram and Oona'))).toEqual(['Ines', 'Tove', 'Bram', 'Oona']);
  });

  it('finds name=value and name: value pairs', () => {
    expect(findKeyValues(`a=1, b = -3 and 'name':'John Doe', list: [1, 2]`).map((kv) => [kv.key, kv.value])).toEqual([
      ['a', '1'],
      ['b', '-3'],
      ['name', 'John Doe'],
      ['list', '[1, 2]'],
    ]);
  });
});

describe('structures', () => {
  it('parses bracketed lists, nested and quoted', () => {
    expect(
      findBracketLists(`data [1, 2.5, -3] and ['Age', "Income"] and [[10, 20], [30, 40]]`).map((l) => l.items),
    ).toEqual([
      [1, 2.5, -3],
      ['Age', 'Income'],
      [
        [10, 20],
        [30, 40],
      ],
    ]);
  });

  it('reads a thousands comma inside a list whose items are parted by a comma and a space', () => {
    // Found by writing the tune half's numbers with thousands commas: "[-5000, 1,000]" was [-5000, 1, 0].
    expect(findBracketLists('flows [-5000, 1,000, 2,500.5, 12,000,000]').map((l) => l.items)).toEqual([
      [-5000, 1000, 2500.5, 12000000],
    ]);
    // Without spaces each comma parts two items.
    expect(findBracketLists('ids [1,200,3]').map((l) => l.items)).toEqual([[1, 200, 3]]);
  });

  it('reads coordinate tuples with hemispheres', () => {
    expect(findNumberTuples('(51.5072 N, 0.1276 W) and (40.7, -74.0)').map((t) => t.items)).toEqual([
      [51.5072, -0.1276],
      [40.7, -74],
    ]);
  });

  it('finds ranges and enumerations of spans', () => {
    const text = 'from 2010 to 2015, between x = -4 and x = 3. Then 3, 4 and 5';
    const numbers = findNumbers(text);
    expect(findRanges(text, numbers).map(([a, b]) => [a.value, b.value])).toEqual([
      [2010, 2015],
      [-4, 3],
    ]);
    expect(findEnumerations(text, numbers).map((run) => run.map((n) => n.value))).toEqual([[3, 4, 5]]);
  });

  it('finds formulas and writes powers as **', () => {
    expect(findExpressions('the curve y=5x^3 - x + 7 from a = 3').map((e) => e.expression)).toEqual(['5x**3 - x + 7']);
  });

  it('finds lists of plain words', () => {
    const text = 'I am patient, tidy, easy going and curious; using boot space and top speed';
    expect(findPhraseLists(text, tokenize(text)).map((l) => texts(l.items))).toEqual([
      ['patient', 'tidy', 'easy going', 'curious'],
      ['boot space', 'top speed'],
    ]);
  });
});

describe('options and units', () => {
  it('matches enum options by stem and case-insensitively, longest first', () => {
    const options = ['New', 'Like New', 'six_months', 'detailed'];
    const found = findOptions(tokenize('a game like new, the last six months, in detail'), options);
    expect(found.map((f) => f.option)).toEqual(['Like New', 'six_months', 'detailed']);
  });

  it('matches one- and two-letter options only as written', () => {
    expect(
      findOptions(tokenize('a DNA sequence with more G and C'), ['A', 'C', 'G', 'T']).map((f) => f.option),
    ).toEqual(['G', 'C']);
  });

  it('finds units asked for and tells what a unit measures', () => {
    expect(texts(findAskedUnits('the distance in miles, then convert to km/h'))).toEqual(['miles', 'km/h']);
    expect(quantityStems({ unit: 'years', percent: false, value: 5, whole: true })).toContain('time');
    expect(quantityStems({ currency: 'USD', percent: false, value: 5, whole: true })).toContain('price');
    expect(quantityStems({ percent: false, value: 2020, whole: true })).toContain('year');
  });

  it('converts SI prefixes to the base unit a description names', () => {
    expect(toBaseUnit(50, 'mH', 'Coil value in henries (H).')).toBe(0.05);
    expect(toBaseUnit(100, 'µF', 'The capacitance in farads (F).')).toBe(0.0001);
    expect(toBaseUnit(6, 'mm', 'Smoothing in mm.')).toBeUndefined();
  });
});
