// Real document files generated for tests (docs/architecture.md: never copied from elsewhere).
// Each generator returns the file's bytes; the constants beside them are the text they hold.

import { createHash } from 'node:crypto';
import { Document, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow } from 'docx';
import { PDFDocument, PDFHexString, PDFName, PDFNumber, StandardFonts } from 'pdf-lib';

const utf8 = (text: string) => new TextEncoder().encode(text);

export const PDF_PAGES = [
  'Solar panels convert sunlight into electricity.\nThey work best when facing south.',
  'Wind turbines turn kinetic energy into power.\nOffshore farms see steadier winds.',
  'Batteries store surplus energy for the night.',
];

/** One page per string, each line drawn with a standard font so pdf.js can read it back. */
export async function makePdf(pages: string[] = PDF_PAGES): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const text of pages) {
    const page = pdf.addPage([595, 842]);
    text.split('\n').forEach((line, i) => page.drawText(line, { x: 50, y: 780 - i * 20, size: 12, font }));
  }
  return pdf.save({ useObjectStreams: false });
}

/** A PDF whose pages have no text layer, like a scan. */
export const makeBlankPdf = () => makePdf(['', '']);

export const ENCRYPTED_PDF_PASSWORD = 'secret';

/**
 * A PDF locked with the standard security handler (revision 2, 40-bit RC4) and a user password.
 * pdf-lib cannot encrypt, so the /Encrypt dictionary is computed here (PDF 1.7, 7.6.3.3 algorithms
 * 2–4). Only the password check is real: the objects are left unencrypted, and a reader never gets
 * past the check without the password, which is the path under test.
 */
export async function makeEncryptedPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage().drawText('Confidential', { x: 50, y: 700, font });
  const fileId = createHash('md5').update('fixture').digest();
  const permissions = -4;
  const owner = rc4(md5(padPassword('owner')).subarray(0, 5), padPassword(ENCRYPTED_PDF_PASSWORD));
  const p = Buffer.alloc(4);
  p.writeInt32LE(permissions);
  const key = md5(Buffer.concat([padPassword(ENCRYPTED_PDF_PASSWORD), owner, p, fileId])).subarray(0, 5);
  const user = rc4(key, PASSWORD_PADDING);
  const hex = (b: Uint8Array) => PDFHexString.of(Buffer.from(b).toString('hex'));
  pdf.context.trailerInfo.Encrypt = pdf.context.obj({
    Filter: PDFName.of('Standard'),
    V: PDFNumber.of(1),
    R: PDFNumber.of(2),
    O: hex(owner),
    U: hex(user),
    P: PDFNumber.of(permissions),
  });
  pdf.context.trailerInfo.ID = pdf.context.obj([hex(fileId), hex(fileId)]);
  return pdf.save({ useObjectStreams: false });
}

const PASSWORD_PADDING = Buffer.from('28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a', 'hex');
const padPassword = (password: string) =>
  Buffer.concat([Buffer.from(password, 'latin1'), PASSWORD_PADDING]).subarray(0, 32);
const md5 = (data: Uint8Array) => createHash('md5').update(data).digest();

/** RC4, written out because OpenSSL 3 no longer ships it by default. */
function rc4(key: Uint8Array, data: Uint8Array): Buffer {
  const s = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i]! + key[i % key.length]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
  }
  const out = Buffer.alloc(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n++) {
    i = (i + 1) & 255;
    j = (j + s[i]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
    out[n] = data[n]! ^ s[(s[i]! + s[j]!) & 255]!;
  }
  return out;
}

export const DOCX_TEXT = {
  title: 'Field Guide',
  intro: 'This guide covers setup and care.',
  setup: 'Setup',
  setupBody: 'Unpack the kit and charge it overnight.',
  care: 'Care',
  careBody: 'Wipe the lens with a dry cloth.',
  table: [
    ['Part', 'Weight'],
    ['Lens', '120 g'],
  ],
};

/** A Word document with a title, two headed sections, paragraphs and a table. */
export async function makeDocx(): Promise<Uint8Array> {
  const t = DOCX_TEXT;
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({ text: t.title, heading: HeadingLevel.HEADING_1 }),
          new Paragraph(t.intro),
          new Paragraph({ text: t.setup, heading: HeadingLevel.HEADING_2 }),
          new Paragraph(t.setupBody),
          new Table({
            rows: t.table.map(
              (cells) => new TableRow({ children: cells.map((c) => new TableCell({ children: [new Paragraph(c)] })) }),
            ),
          }),
          new Paragraph({ text: t.care, heading: HeadingLevel.HEADING_2 }),
          new Paragraph(t.careBody),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}

export async function makeEmptyDocx(): Promise<Uint8Array> {
  return new Uint8Array(await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph('')] }] })));
}

export const HTML_PAGE = `<!doctype html>
<html><head><title>Tide tables</title><style>body { color: red }</style>
<script>var hidden = "do not index";</script></head>
<body>
<nav><a href="/">Home</a> <a href="/about">About us</a></nav>
<p>Updated daily.</p>
<h1>Tides in <em>Brest</em></h1>
<p>High tide is at <a href="https://example.com">noon</a> today.</p>
<h2>Times</h2>
<table><tr><th>Day</th><th>High</th></tr><tr><td>Monday</td><td>12:04</td></tr></table>
</body></html>`;
export const makeHtml = () => utf8(HTML_PAGE);

export const MARKDOWN = `Preface text.

# Install

Run the installer.

\`\`\`sh
# not a heading
make install
\`\`\`

Usage
-----

Call **run** with a file.
`;
export const makeMarkdown = () => utf8(MARKDOWN);

/** Quoted fields holding a delimiter, a line break and a doubled quote; CRLF row ends. */
export const CSV =
  'name,city,note\r\n' + 'Ada,"London, UK","wrote the ""first"" program"\r\n' + 'Linus,Helsinki,"kernel\nand git"\r\n';
export const makeCsv = () => utf8(CSV);

export const JSON_DOC = { service: { name: 'fnquery', ports: [80, 443] }, active: true, owner: null };
export const makeJson = () => utf8(JSON.stringify(JSON_DOC, null, 2));

export const makeText = (text: string) => utf8(text);

/** The start of a PNG: what a binary file mislabelled as text looks like. */
export const BINARY = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48]);
