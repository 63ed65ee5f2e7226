import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../lib/errors';
import { detectFileType, type FileType } from '../../../lib/ingest/file-type';
import * as fx from '../../support/fixtures';

const text = (s: string) => new TextEncoder().encode(s);

/** A DOCX whose main part has been renamed away: a zip, but not a Word document. */
async function docxWithoutMainPart(): Promise<Uint8Array> {
  const bytes = Buffer.from(await fx.makeDocx());
  for (let at = bytes.indexOf('word/document.xml'); at >= 0; at = bytes.indexOf('word/document.xml')) {
    bytes.write('word/documenX.xml', at, 'latin1');
  }
  return new Uint8Array(bytes);
}

function rejection(filename: string, bytes: Uint8Array): ServiceError {
  try {
    detectFileType(filename, bytes);
  } catch (e) {
    if (e instanceof ServiceError) return e;
    throw e;
  }
  throw new Error(`${filename} was accepted`);
}

describe('detectFileType', () => {
  it.each<[string, () => Uint8Array | Promise<Uint8Array>, FileType]>([
    ['report.pdf', () => fx.makePdf(), 'pdf'],
    ['Guide.DOCX', () => fx.makeDocx(), 'docx'],
    ['notes.txt', () => text('plain words'), 'txt'],
    ['readme.md', fx.makeMarkdown, 'md'],
    ['readme.markdown', fx.makeMarkdown, 'md'],
    ['page.html', fx.makeHtml, 'html'],
    ['page.htm', fx.makeHtml, 'html'],
    ['data.csv', fx.makeCsv, 'csv'],
    ['data.json', fx.makeJson, 'json'],
    ['dir/sub.dir/late-header.pdf', () => text('\n\n%PDF-1.7\n...'), 'pdf'],
    ['bom.txt', () => new Uint8Array([0xef, 0xbb, 0xbf, ...text('hello')]), 'txt'],
    ['empty.txt', () => new Uint8Array(0), 'txt'],
    // A multi-byte character cut by the 64 KiB head is not invalid UTF-8.
    ['long.txt', () => text(`${'a'.repeat(64 * 1024 - 1)}é and more`), 'txt'],
    ['latin1.html', () => Buffer.from('<meta charset="windows-1252"><p>caf\xe9</p>', 'latin1'), 'html'],
    // UTF-16 with its byte-order mark, as Windows editors save "Unicode" text.
    ['utf16le.txt', () => Buffer.from('\ufeffVacation: 25 days', 'utf16le'), 'txt'],
    ['utf16be.csv', () => Buffer.from('\ufeffa,b\n1,2', 'utf16le').swap16(), 'csv'],
    ['utf16le.json', () => Buffer.from('\ufeff{"days": 25}', 'utf16le'), 'json'],
    ['utf16le.html', () => Buffer.from('\ufeff<p>hello</p>', 'utf16le'), 'html'],
  ])('accepts %s as %s', async (filename, make, type) => {
    expect(detectFileType(filename, await make())).toBe(type);
  });

  it.each<[string, () => Uint8Array | Promise<Uint8Array>, RegExp]>([
    ['fake.pdf', () => text('just text'), /%PDF-/],
    ['fake.docx', () => text('just text'), /word\/document\.xml/],
    ['broken.docx', docxWithoutMainPart, /word\/document\.xml/],
    ['bad.json', () => text('{"a": '), /does not parse as JSON/],
    ['image.txt', () => fx.BINARY, /binary data/],
    ['latin1.csv', () => Buffer.from('name\ncaf\xe9\n', 'latin1'), /UTF-8/],
    ['utf16-without-bom.txt', () => Buffer.from('words', 'utf16le'), /binary data/],
    ['broken-utf16.txt', () => Buffer.from([0xff, 0xfe, 0x00, 0xd8, 0x41, 0x00]), /not valid UTF-16LE/],
    ['plain.html', () => text('no tags at all'), /no HTML tags/],
    ['report.txt', () => fx.makePdf(), /looks like a PDF document: rename the file to \.pdf/],
    ['report.pdf', () => fx.makeDocx(), /looks like a Word document: rename the file to \.docx/],
    [
      'old.docx',
      () => new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      /password-protected Office file/,
    ],
  ])('rejects %s whose content does not match', async (filename, make, advice) => {
    const error = rejection(filename, await make());
    const extension = filename.slice(filename.lastIndexOf('.') + 1);
    expect(error.status).toBe(415);
    expect(error.code).toBe('unsupported_media_type');
    expect(error.problems[0]?.issue).toBe(`The file content does not match its .${extension} extension`);
    expect(error.problems[0]?.advice).toMatch(advice);
  });

  it.each([
    ['photo.png', 'Files of type .png are not accepted'],
    ['legacy.doc', 'Files of type .doc are not accepted'],
    ['README', 'The file name has no extension'],
    ['.json', 'The file name has no extension'],
  ])('rejects %s, listing the accepted types', (filename, issue) => {
    const error = rejection(filename, text('{}'));
    expect(error.status).toBe(415);
    expect(error.problems[0]?.issue).toBe(issue);
    for (const listed of ['.pdf', '.docx', '.txt', '.md', '.html', '.csv', '.json']) {
      expect(error.problems[0]?.advice).toContain(listed);
    }
  });
});
