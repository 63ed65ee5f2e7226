import { getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../lib/errors';
import { extractText } from '../../../lib/ingest/extract';
import { parseCsv } from '../../../lib/ingest/extract-data';
import type { FileType } from '../../../lib/ingest/file-type';
import * as fx from '../../support/fixtures';

const text = (s: string) => new TextEncoder().encode(s);

async function failure(type: FileType, bytes: Uint8Array): Promise<ServiceError> {
  const error = await extractText(type, bytes).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ServiceError)) throw new Error(`expected a ServiceError, got ${String(error)}`);
  return error;
}

describe('extractText', () => {
  it('reads a PDF page by page, with page numbers', async () => {
    const { sections } = await extractText('pdf', await fx.makePdf());
    expect(sections).toEqual(fx.PDF_PAGES.map((page, i) => ({ text: page, page: i + 1 })));
  });

  it('leaves the caller’s PDF bytes intact', async () => {
    const bytes = await fx.makePdf();
    const copy = bytes.slice();
    await extractText('pdf', bytes);
    expect(bytes).toEqual(copy);
  });

  it('refuses an encrypted PDF with advice', async () => {
    const error = await failure('pdf', await fx.makeEncryptedPdf());
    expect(error.code).toBe('encrypted_document');
    expect(error.problems).toEqual([{ issue: 'The PDF is encrypted', advice: 'Upload a copy without a password' }]);
  });

  it('uses an encrypted fixture that the right password really opens', async () => {
    const pdf = await getDocumentProxy(await fx.makeEncryptedPdf(), { password: fx.ENCRYPTED_PDF_PASSWORD });
    expect(pdf.numPages).toBe(1);
    await pdf.destroy();
  });

  it.each([
    ['garbage after the header', text('%PDF-1.4\nnot a pdf\n%%EOF')],
    ['a truncated file', fx.makePdf().then((b) => b.subarray(0, b.length / 2))],
  ])('says a PDF with %s is unreadable', async (_, bytes) => {
    const error = await failure('pdf', await bytes);
    expect(error.code).toBe('unreadable_document');
    expect(error.problems[0]?.issue).toMatch(/could not be read/);
  });

  it('reads a DOCX into sections under its headings, tables as rows', async () => {
    const t = fx.DOCX_TEXT;
    const { sections } = await extractText('docx', await fx.makeDocx());
    expect(sections).toEqual([
      { heading: t.title, text: `${t.title}\n${t.intro}` },
      { heading: t.setup, text: `${t.setup}\n${t.setupBody}\n\nPart | Weight\nLens | 120 g` },
      { heading: t.care, text: `${t.care}\n${t.careBody}` },
    ]);
  });

  it('says a damaged DOCX is unreadable', async () => {
    const error = await failure('docx', text('PK\x03\x04 not really a zip'));
    expect(error.code).toBe('unreadable_document');
  });

  it('reads HTML without scripts, styles, navigation or link targets', async () => {
    const { sections } = await extractText('html', fx.makeHtml());
    expect(sections).toEqual([
      { text: 'Updated daily.' },
      { heading: 'Tides in Brest', text: 'Tides in Brest\nHigh tide is at noon today.' },
      { heading: 'Times', text: 'Times\nDay | High\nMonday | 12:04' },
    ]);
  });

  it('decodes HTML in its declared charset', async () => {
    const bytes = Buffer.from('<meta charset="windows-1252"><p>caf\xe9 cr\xe8me</p>', 'latin1');
    const { sections } = await extractText('html', bytes);
    expect(sections).toEqual([{ text: 'café crème' }]);
  });

  it('splits Markdown by headings, not by # lines in code', async () => {
    const { sections } = await extractText('md', fx.makeMarkdown());
    expect(sections.map((s) => s.heading)).toEqual([undefined, 'Install', 'Usage']);
    expect(sections[0]?.text).toBe('Preface text.');
    expect(sections[1]?.text).toContain('# not a heading\nmake install');
    expect(sections[2]?.text).toBe('Usage\nCall **run** with a file.');
  });

  it('writes each CSV row as column: value pairs', async () => {
    const { sections } = await extractText('csv', fx.makeCsv());
    expect(sections).toEqual([
      {
        text:
          'name: Ada; city: London, UK; note: wrote the "first" program\n' +
          'name: Linus; city: Helsinki; note: kernel and git',
      },
    ]);
  });

  it('flattens JSON to path: value lines', async () => {
    const { sections } = await extractText('json', fx.makeJson());
    expect(sections).toEqual([
      { text: 'service.name: fnquery\nservice.ports[0]: 80\nservice.ports[1]: 443\nactive: true\nowner: null' },
    ]);
  });

  it('reads plain text without its BOM and with \\n line ends', async () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...text('one\r\ntwo\rthree\n')]);
    expect((await extractText('txt', bytes)).sections).toEqual([{ text: 'one\ntwo\nthree' }]);
  });

  it('decodes UTF-16 text by its byte-order mark', async () => {
    const le = Buffer.from('\ufeffone\r\ntwo é', 'utf16le');
    expect((await extractText('txt', le)).sections).toEqual([{ text: 'one\ntwo é' }]);
    expect((await extractText('txt', Buffer.from(le).swap16())).sections).toEqual([{ text: 'one\ntwo é' }]);
  });

  it('rejects invalid UTF-8 past the part the upload check reads', async () => {
    const bytes = new Uint8Array([...text('a'.repeat(70_000)), 0xff]);
    const error = await failure('txt', bytes);
    expect(error.status).toBe(415);
    expect(error.problems[0]?.issue).toBe('The file content does not match its .txt extension');
  });

  it.each<[FileType, () => Uint8Array | Promise<Uint8Array>, RegExp]>([
    ['pdf', fx.makeBlankPdf, /OCR/],
    ['docx', fx.makeEmptyDocx, /OCR/],
    ['txt', () => text(' \n\t '), /contains text/],
    ['md', () => text('---\n\n***\n'), /contains text/],
    ['html', () => text('<html><script>x = 1</script><nav>Home</nav></html>'), /JavaScript/],
    ['csv', () => text('name,city\n'), /data row/],
    ['json', () => text('{"a": [], "b": {}, "c": ""}'), /at least one value/],
  ])('says an empty %s contains no text', async (type, make, advice) => {
    const error = await failure(type, await make());
    expect(error.code).toBe('empty_document');
    expect(error.problems[0]?.issue).toBe('The document contains no text');
    expect(error.problems[0]?.advice).toMatch(advice);
  });
});

describe('parseCsv', () => {
  it('handles quotes, empty fields, CRLF and a missing final line end', () => {
    expect(parseCsv('a,"b,""c""",\r\n"x\ny",,z')).toEqual([
      ['a', 'b,"c"', ''],
      ['x\ny', '', 'z'],
    ]);
  });

  it('uses semicolons or tabs when the header does', () => {
    expect(parseCsv('a;b\n1,5;2\n')).toEqual([
      ['a', 'b'],
      ['1,5', '2'],
    ]);
    expect(parseCsv('a\tb\n1\t2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('keeps the rest of the file in a field whose quote never closes', () => {
    expect(parseCsv('a,"b\nc')).toEqual([['a', 'b\nc']]);
  });

  it('skips blank lines', () => {
    expect(parseCsv('a\n\n\nb\n')).toEqual([['a'], ['b']]);
  });
});
