// JSON Lines: accepted by extension and content, read one record per section, chunked by record.
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../lib/errors';
import { chunkSections } from '../../../lib/ingest/chunk';
import { extractText } from '../../../lib/ingest/extract';
import { detectFileType } from '../../../lib/ingest/file-type';
import { makeText } from '../../support/fixtures';

const RECORDS = [
  { id: 1, title: 'Harbour ferries', body: 'The ferry leaves at nine.' },
  'A plain string record about lighthouses.',
  { id: 3, tags: ['tide', 'moon'], nested: { depth: 2 } },
];
const jsonl = (lines: string[]) => makeText(lines.join('\n'));

const failure = (run: () => unknown) => {
  try {
    run();
  } catch (e) {
    if (e instanceof ServiceError) return e;
    throw e;
  }
  throw new Error('expected a ServiceError');
};

describe('JSON Lines', () => {
  it('is accepted as .jsonl and .ndjson when every line is JSON', () => {
    const bytes = jsonl([...RECORDS.map((r) => JSON.stringify(r)), '']);
    expect(detectFileType('records.jsonl', bytes)).toBe('jsonl');
    expect(detectFileType('records.NDJSON', bytes)).toBe('jsonl');
  });

  it('refuses a line that is not JSON, naming the line and never quoting it', () => {
    const error = failure(() => detectFileType('records.jsonl', jsonl(['{"a": 1}', '', '{"secret": oops}'])));
    expect(error.status).toBe(415);
    expect(error.lines()[0]).toContain('line 3 is not a JSON value');
    expect(error.lines()[0]).not.toContain('secret');
  });

  it('reads one section per record and chunks by record', async () => {
    const { sections } = await extractText('jsonl', jsonl(['', ...RECORDS.map((r) => JSON.stringify(r))]));
    expect(sections).toEqual([
      { text: 'id: 1\ntitle: Harbour ferries\nbody: The ferry leaves at nine.' },
      { text: 'A plain string record about lighthouses.' },
      { text: 'id: 3\ntags[0]: tide\ntags[1]: moon\nnested.depth: 2' },
    ]);
    const chunks = chunkSections(sections, 'records.jsonl');
    expect(chunks.map((c) => c.text)).toEqual(sections.map((s) => s.text));
  });

  it('fails in the worker on a bad line past the head that detection read', async () => {
    const good = JSON.stringify({ filler: 'x'.repeat(1000) });
    const lines = [...Array.from({ length: 80 }, () => good), 'not json'];
    const error = await extractText('jsonl', jsonl(lines)).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).lines()[0]).toContain('line 81 is not a JSON value');
  });
});
