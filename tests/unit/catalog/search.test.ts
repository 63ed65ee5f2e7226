// Catalog search: which functions match, in which order, and pages that neither repeat nor skip.
import { describe, expect, it } from 'vitest';
import type { CatalogEntry } from '../../../lib/functions/catalog-entry';
import { catalogPage } from '../../../lib/catalog/page';
import { CatalogIndex, FIELD_WEIGHTS, PREFIX_FACTOR } from '../../../lib/catalog/search';
import { ServiceError } from '../../../lib/errors';

const entry = (
  shortname: string,
  name: string,
  description: string,
  tags: string[] = [],
  runtime = 'node22',
): CatalogEntry => ({
  shortname,
  name,
  description,
  tags,
  runtime,
  method: 'POST',
  path: `/functions/v1/${shortname}`,
  updated: '2026-01-01T00:00:00.000Z',
});

const ENTRIES = [
  entry('forecast', 'City forecast', "Tomorrow's temperatures for a city.", ['weather']),
  entry(
    'rain-gauge',
    'Rain gauge',
    'Millimetres of rain that fell today; data from weather stations.',
    ['climate'],
    'python312',
  ),
  entry('weatherReport', 'Daily report', 'A short text report.', [], 'python312'),
  entry('unit-convert', 'Unit converter', 'Converting lengths between inches and centimetres.', ['units', 'math']),
  entry('pdf-merge', 'PDF merger', 'Joins documents into one file.', ['documents']),
];
const index = new CatalogIndex(ENTRIES);
const names = (q: Parameters<CatalogIndex['search']>[0]) => index.search(q).map((m) => m.entry.shortname);

describe('catalog search ranking', () => {
  it('ranks a tag hit over a shortname hit over a description hit', () => {
    const found = index.search({ q: 'weather ' });
    expect(found.map((m) => m.entry.shortname)).toEqual(['forecast', 'weatherReport', 'rain-gauge']);
    expect(found.map((m) => m.score)).toEqual([FIELD_WEIGHTS.tag, FIELD_WEIGHTS.shortname, FIELD_WEIGHTS.description]);
  });

  it('requires every word, matching word forms through stems and names split at case and dashes', () => {
    expect(names({ q: 'rain station ' })).toEqual(['rain-gauge']);
    expect(names({ q: 'rain documents ' })).toEqual([]);
    expect(names({ q: 'reports ' })).toEqual(['weatherReport']);
    expect(names({ q: 'convert' })).toEqual(['unit-convert']);
  });

  it('lets the word being typed match the words it starts, at a lower score than a whole word', () => {
    const typed = index.search({ q: 'convertin' });
    expect(typed.map((m) => m.entry.shortname)).toEqual(['unit-convert']);
    expect(typed[0]!.score).toBe(FIELD_WEIGHTS.description * PREFIX_FACTOR);
    // Once a space ends the word, it must match whole.
    expect(names({ q: 'convertin ' })).toEqual([]);
    expect(names({ q: 'merg' })).toEqual(['pdf-merge']);
  });

  it('never lets a stop word being typed remove results, and ignores finished stop words', () => {
    expect(names({ q: 'lengths in' })).toEqual(['unit-convert']);
    expect(names({ q: 'the lengths ' })).toEqual(['unit-convert']);
  });

  it('filters by every given tag and by runtime, with or without words', () => {
    expect(names({ tags: ['units', 'math'] })).toEqual(['unit-convert']);
    expect(names({ tags: ['units', 'weather'] })).toEqual([]);
    expect(names({ runtime: 'python312' })).toEqual(['rain-gauge', 'weatherReport']);
    expect(names({ q: 'weather', runtime: 'python312' })).toEqual(['weatherReport', 'rain-gauge']);
  });

  it('lists everything by shortname when there are no words', () => {
    expect(names({})).toEqual(['forecast', 'pdf-merge', 'rain-gauge', 'unit-convert', 'weatherReport']);
    expect(names({ q: '  ' })).toHaveLength(ENTRIES.length);
  });
});

describe('catalog pages', () => {
  const many = Array.from({ length: 45 }, (_, i) =>
    entry(
      `fn-${String(i).padStart(2, '0')}`,
      `Tool ${i}`,
      i % 2 ? 'Converts a value.' : 'Converts a value into another value of the tool.',
      i % 3 ? [] : ['tool'],
    ),
  );

  const walk = (idx: CatalogIndex, q: string, limit: number) => {
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = catalogPage(idx, { q, limit, cursor });
      seen.push(...page.functions.map((f) => f.shortname));
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    return seen;
  };

  it('walks all matches once, in result order, page by page', () => {
    const idx = new CatalogIndex(many);
    expect(walk(idx, 'tool', 7)).toEqual(idx.search({ q: 'tool' }).map((m) => m.entry.shortname));
    const first = catalogPage(idx, { q: 'tool', limit: 7 });
    expect(first.total).toBe(45);
    expect(first.tags).toEqual([{ tag: 'tool', count: 15 }]);
  });

  it('resumes after the last result shown even when functions were added and removed between pages', () => {
    const before = new CatalogIndex(many);
    const first = catalogPage(before, { q: 'converts', limit: 10 });
    const shown = first.functions.map((f) => f.shortname);
    // fn-00 (shown) and fn-30 (not yet shown) go; two new ones arrive, one sorting before the cursor.
    const after = new CatalogIndex([
      ...many.filter((e) => e.shortname !== 'fn-00' && e.shortname !== 'fn-30'),
      entry('fn-000', 'Early', 'Converts a value.'),
      entry('fn-99', 'Late', 'Converts a value.'),
    ]);
    const rest: string[] = [];
    let cursor = first.next_cursor ?? undefined;
    while (cursor) {
      const page = catalogPage(after, { q: 'converts', limit: 10, cursor });
      rest.push(...page.functions.map((f) => f.shortname));
      cursor = page.next_cursor ?? undefined;
    }
    expect(rest.filter((n) => shown.includes(n))).toEqual([]);
    const survivors = many.map((e) => e.shortname).filter((n) => !shown.includes(n) && n !== 'fn-30');
    expect(rest).toEqual(expect.arrayContaining([...survivors, 'fn-99']));
    expect(rest).not.toContain('fn-30');
  });

  it('refuses a cursor from another query, or one that was tampered with, as a 400', () => {
    const idx = new CatalogIndex(many);
    const { next_cursor } = catalogPage(idx, { q: 'tool', limit: 5 });
    for (const request of [
      { q: 'value', cursor: next_cursor! },
      { q: 'tool', tags: ['tool'], cursor: next_cursor! },
      { q: 'tool', cursor: 'not-a-cursor' },
      { q: 'tool', cursor: Buffer.from('["x","fn-01","abc"]').toString('base64url') },
    ]) {
      const error = (() => {
        try {
          catalogPage(idx, request);
        } catch (e) {
          return e;
        }
      })() as ServiceError;
      expect(error).toBeInstanceOf(ServiceError);
      expect([error.status, error.code]).toEqual([400, 'cursor_invalid']);
    }
  });
});
