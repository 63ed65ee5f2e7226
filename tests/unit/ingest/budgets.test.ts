// Hostile documents fail fast, permanently (4xx) and with the budget named; documents just inside
// a budget still read, so the checks measure what they claim to.
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../lib/errors';
import { BUDGET_EXCEEDED, extractionBudget, type ExtractionBudget } from '../../../lib/ingest/budgets';
import { extractText } from '../../../lib/ingest/extract';
import type { FileType } from '../../../lib/ingest/file-type';
import * as fx from '../../support/fixtures';
import {
  makeDeepHtml,
  makeDeepJson,
  makeFlateBombPdf,
  makeStreamBombPdf,
  lzwEncode,
  makeManyLinesJsonl,
  makeManyPagePdf,
  makeZipBombDocx,
} from '../../support/hostile-documents';
import { chunkSections, DEFAULT_CHUNKING } from '../../../lib/ingest/chunk';
import { checkChunks } from '../../../lib/ingest/budgets';
import { TEXT_FILTERS } from '../../../lib/ingest/pdf-filters';

async function breach(type: FileType, bytes: Uint8Array, budget?: ExtractionBudget) {
  const started = performance.now();
  const error = await extractText(type, bytes, budget).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ServiceError)) throw new Error(`expected a ServiceError, got ${String(error)}`);
  expect(error.status).toBe(413);
  expect(error.code).toBe(BUDGET_EXCEEDED);
  return { line: error.lines().join(' '), ms: performance.now() - started };
}

const heapGrowth = async (work: () => Promise<unknown>) => {
  const before = process.memoryUsage().rss;
  await work();
  return process.memoryUsage().rss - before;
};

describe('extraction budgets', () => {
  it('stops a 200 MB zip-bomb DOCX at its declared size, before inflating anything', async () => {
    const bomb = makeZipBombDocx();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const { line } = await breach('docx', bomb);
    expect(line).toMatch(
      /^ISSUE: The Word document declares 209715200 bytes for its part "word\/document\.xml", over the budget of 33554432 bytes per part/,
    );
  });

  it('counts what a lying bomb really inflates to, without holding it in memory', async () => {
    const bomb = makeZipBombDocx({ lying: true });
    let line = '';
    const grown = await heapGrowth(async () => ({ line } = await breach('docx', bomb)));
    expect(line).toMatch(
      /^ISSUE: The Word document unpacks to \d+ bytes for its part "word\/document\.xml", over the budget of 33554432/,
    );
    expect(grown).toBeLessThan(64 * 1024 * 1024);
  });

  it('holds the whole archive to its total budget', async () => {
    const bomb = makeZipBombDocx({ inflatedMiB: 3 });
    const { line } = await breach('docx', bomb, { ...extractionBudget(), zipTotalBytes: 2 * 1024 * 1024 });
    expect(line).toContain('more than 2097152 bytes once unpacked, its budget');
  });

  it('still reads a normal DOCX', async () => {
    const { sections } = await extractText('docx', await fx.makeDocx());
    expect(sections.map((s) => s.text).join('\n')).toContain(fx.DOCX_TEXT.title);
  });

  it('refuses a 40,000-page PDF from its page count, within seconds', async () => {
    const pdf = makeManyPagePdf();
    const { line, ms } = await breach('pdf', pdf);
    expect(line).toBe(
      'ISSUE: The PDF has 40000 pages, over the budget of 2000 pages per document. ADVICE: Split the PDF into parts of at most 2000 pages and upload each one.',
    );
    // Seconds, not the worker's 900 s; generous, since other tests share the cores.
    expect(ms).toBeLessThan(15_000);
  });

  it('reads a PDF at its page budget, and stops one over it', async () => {
    const { sections } = await extractText('pdf', makeManyPagePdf(3), { ...extractionBudget(), pdfPages: 3 });
    expect(sections.map((s) => s.page)).toEqual([1, 2, 3]);
    await breach('pdf', makeManyPagePdf(4), { ...extractionBudget(), pdfPages: 3 });
  });

  it('counts PDF characters page by page', async () => {
    const { line } = await breach('pdf', makeManyPagePdf(10), { ...extractionBudget(), characters: 100 });
    expect(line).toContain('more than 100 characters of text');
  });

  it('stops reading a PDF at its deadline', async () => {
    const { line } = await breach('pdf', makeManyPagePdf(5), extractionBudget(Date.now(), Date.now() - 1));
    expect(line).toMatch(/took longer than its time budget/);
  });

  it('refuses HTML nested 50,000 deep instead of overflowing the stack', async () => {
    const { line } = await breach('html', makeDeepHtml());
    expect(line).toContain('nests elements more than 512 levels deep');
  });

  it('reads HTML nested exactly to the budget', async () => {
    const budget = extractionBudget();
    // html and body count as two levels.
    const { sections } = await extractText('html', makeDeepHtml(budget.nesting - 2), budget);
    expect(sections).toEqual([{ text: 'Deep text.' }]);
    await breach('html', makeDeepHtml(budget.nesting - 1), budget);
  });

  it('refuses JSON nested beyond the budget; brackets inside strings do not count', async () => {
    const { line } = await breach('json', makeDeepJson());
    expect(line).toContain('nests arrays and objects more than 512 levels deep');
    const { sections } = await extractText('json', fx.makeText(JSON.stringify({ note: '['.repeat(5000) })));
    expect(sections[0]!.text).toBe(`note: ${'['.repeat(5000)}`);
  });

  it('holds text formats to the character budget', async () => {
    const { line } = await breach('txt', fx.makeText('word '.repeat(100)), { ...extractionBudget(), characters: 50 });
    expect(line).toContain('more than 50 characters');
  });

  it('counts what a PDF stream inflates to while it inflates, stopping at the budget with little memory', async () => {
    const bomb = makeFlateBombPdf(40);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    let line = '';
    const budget = { ...extractionBudget(), pdfStreamBytes: 8 * 1024 * 1024 };
    const grown = await heapGrowth(async () => ({ line } = await breach('pdf', bomb, budget)));
    expect(line).toMatch(/^ISSUE: The PDF's compressed streams unpack to more than 8 MB, its budget\. ADVICE: /);
    expect(grown).toBeLessThan(32 * 1024 * 1024);
  });

  it.each(['LZWDecode', 'RunLengthDecode', 'ASCIIHexDecode FlateDecode'] as const)(
    'counts a %s stream the same way, stopping at the budget',
    async (filter) => {
      const budget = { ...extractionBudget(), pdfStreamBytes: 8 * 1024 * 1024 };
      const { line } = await breach('pdf', makeStreamBombPdf(40, filter), budget);
      expect(line).toMatch(/^ISSUE: The PDF's compressed streams unpack to more than 8 MB, its budget\. ADVICE: /);
    },
  );

  it.each(['LZWDecode', 'ASCIIHexDecode FlateDecode'] as const)(
    'still reads a %s page within the budget (pdf.js decodes what the budget counted)',
    async (filter) => {
      const { sections } = await extractText('pdf', makeStreamBombPdf(1, filter));
      expect(sections[0]!.text).toMatch(/^Text that repeats until it is far too much\./);
    },
  );

  it('decodes LZW, run lengths, hex and ASCII85 byte for byte', () => {
    const text = new Uint8Array(Buffer.from('abababababab, a text of our own that repeats: '.repeat(3000)));
    const decoded = (name: string, data: Uint8Array) => {
      const pieces: Uint8Array[] = [];
      TEXT_FILTERS[name]!(data, (p) => void pieces.push(p.slice()));
      return Buffer.concat(pieces);
    };
    expect(decoded('LZWDecode', lzwEncode([text])).equals(text)).toBe(true);
    expect(decoded('RunLengthDecode', new Uint8Array([2, 0x61, 0x62, 0x63, 253, 0x7a, 128])).toString()).toBe(
      'abczzzz',
    );
    expect(decoded('ASCIIHexDecode', new Uint8Array(Buffer.from('61 62\n63>'))).toString()).toBe('abc');
    expect(decoded('ASCII85Decode', new Uint8Array(Buffer.from('9jqo^BlbD-BleB1DJ+*+F(f,q~>'))).toString()).toBe(
      'Man is distinguished',
    );
  });

  it('still reads a PDF whose compressed page is within the budget', async () => {
    const { sections } = await extractText('pdf', makeFlateBombPdf(1));
    expect(sections[0]!.text).toMatch(/^Text that repeats until it is far too much\./);
  });

  it('refuses JSON Lines of 600,000 lines by their count, before parsing one', async () => {
    const { line } = await breach('jsonl', makeManyLinesJsonl());
    expect(line).toMatch(
      /^ISSUE: The file holds more than 50,000 lines, the limit per upload\. ADVICE: Split it into files of at most 50,000 lines/,
    );
  });

  it('refuses a CSV past the row limit while it is parsed', async () => {
    const csv = new Uint8Array(Buffer.from(`a,b\n${'1,2\n'.repeat(20)}`));
    const { line } = await breach('csv', csv, { ...extractionBudget(), records: 10 });
    expect(line).toMatch(/^ISSUE: The file holds more than 10 rows, the limit per upload/);
    const fits = await extractText('csv', csv, { ...extractionBudget(), records: 20 });
    expect(fits.sections[0]!.text.split('\n')).toHaveLength(20);
  });

  it('stops chunking at the chunk limit per upload, saying so', () => {
    const sections = [{ text: Array.from({ length: 5000 }, (_, i) => `word${i}`).join(' ') }];
    let made = 0;
    const stop = () =>
      chunkSections(sections, 'f.txt', {
        ...DEFAULT_CHUNKING,
        onChunk: (n) => ((made = n), checkChunks(n, { chunks: 5 })),
      });
    expect(stop).toThrow(/The document makes more than 5 chunks, the chunk limit per upload/);
    expect(made).toBe(6);
    expect(chunkSections(sections, 'f.txt').length).toBeGreaterThan(6);
  });
});
