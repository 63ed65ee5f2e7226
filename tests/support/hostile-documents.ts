// Documents built to attack the extractors (docs/ingest.md "Budgets"), generated here so no test
// depends on a file from elsewhere: a zip-bomb DOCX, a PDF with tens of thousands of pages, HTML and
// JSON nested far deeper than any real document.
import { crc32, deflateRawSync } from 'node:zlib';
import { Zlib } from 'fflate';

const MiB = 1024 * 1024;

interface ZipPart {
  name: string;
  data: Uint8Array;
  /** What the directory claims; a lying bomb declares less than it inflates to. */
  declaredSize?: number;
}

/** A minimal zip writer: deflated entries, honest or lying uncompressed sizes in the directory. */
function writeZip(parts: ZipPart[]): Uint8Array {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const packed = deflateRawSync(part.data, { level: 9 });
    const size = part.declaredSize ?? part.data.length;
    const header = (signature: number, length: number) => {
      const b = Buffer.alloc(length);
      b.writeUInt32LE(signature, 0);
      return b;
    };
    const local = header(0x04034b50, 30);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(part.data), 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = header(0x02014b50, 46);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(part.data), 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    directory.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directorySize = directory.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, ...directory, end]));
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;
const RELS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;

/**
 * A DOCX whose word/document.xml inflates to `inflatedMiB` (200 by default: the size that took a
 * service down), one repeated paragraph, so it packs to well under 1 MB. `lying` declares 1 KB.
 */
export function makeZipBombDocx({ inflatedMiB = 200, lying = false } = {}): Uint8Array {
  const paragraph = Buffer.from('<w:p><w:r><w:t>All work and no play makes a dull document. </w:t></w:r></w:p>');
  const head = Buffer.from(
    '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>',
  );
  const tail = Buffer.from('</w:body></w:document>');
  const body = Buffer.alloc(inflatedMiB * MiB - head.length - tail.length);
  for (let at = 0; at < body.length; at += paragraph.length) paragraph.copy(body, at);
  return writeZip([
    { name: '[Content_Types].xml', data: Buffer.from(CONTENT_TYPES) },
    { name: '_rels/.rels', data: Buffer.from(RELS) },
    { name: 'word/document.xml', data: Buffer.concat([head, body, tail]), ...(lying ? { declaredSize: 1024 } : {}) },
  ]);
}

/**
 * A PDF of `pages` pages written object by object (pdf-lib takes minutes for 40,000): every page
 * shares one content stream with a line of text, so 40,000 pages stay under the 5 MB direct-upload limit.
 */
export function makeManyPagePdf(pages = 40_000): Uint8Array {
  const objects: string[] = [];
  const FIRST_PAGE = 5;
  const kids = Array.from({ length: pages }, (_, i) => `${FIRST_PAGE + i} 0 R`).join(' ');
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  // Resources and MediaBox are inherited from the page tree, which keeps each page object small.
  objects[2] = `<< /Type /Pages /Count ${pages} /Kids [${kids}] /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
  const stream = 'BT /F1 12 Tf 72 720 Td (A page of a very long document.) Tj ET';
  objects[4] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  for (let i = 0; i < pages; i++) {
    objects[FIRST_PAGE + i] = '<< /Type /Page /Parent 2 0 R /Contents 4 0 R >>';
  }
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let n = 1; n < objects.length; n++) {
    offsets[n] = out.length;
    out += `${n} 0 obj\n${objects[n]}\nendobj\n`;
  }
  const xref = out.length;
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let n = 1; n < objects.length; n++) out += `${String(offsets[n]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
}

/** `inflatedMiB` MB of page-content text, a 1 MB piece at a time. */
function* contentPieces(inflatedMiB: number): Generator<Buffer> {
  const line = Buffer.from('BT /F1 12 Tf 72 720 Td (Text that repeats until it is far too much.) Tj ET\n');
  const piece = Buffer.alloc(1024 * 1024);
  for (let at = 0; at < piece.length; at += line.length) line.copy(piece, at);
  for (let i = 0; i < inflatedMiB; i++) yield piece;
}

const zlibOf = (inflatedMiB: number): Buffer => {
  const parts: Uint8Array[] = [];
  const zlib = new Zlib({ level: 1 }, (chunk) => void parts.push(chunk));
  for (const piece of contentPieces(inflatedMiB)) zlib.push(piece);
  zlib.push(new Uint8Array(0), true);
  return Buffer.concat(parts);
};

/**
 * LZW as PDF readers decode it (9–12-bit codes, EarlyChange 1, a clear code before the table
 * fills), written here because no package of ours writes it; pdf.js reading its output is the check.
 */
export function lzwEncode(pieces: Iterable<Uint8Array>): Buffer {
  const out: number[] = [];
  let acc = 0;
  let bits = 0;
  let width = 9;
  const emit = (code: number) => {
    acc = (acc << width) | code;
    bits += width;
    while (bits >= 8) {
      out.push((acc >> (bits - 8)) & 0xff);
      bits -= 8;
    }
    acc &= (1 << bits) - 1;
  };
  const table = new Map<number, number>();
  let next = 258;
  let w = -1;
  emit(256);
  for (const piece of pieces)
    for (const byte of piece) {
      if (w < 0) {
        w = byte;
        continue;
      }
      const found = table.get(w * 256 + byte);
      if (found !== undefined) {
        w = found;
        continue;
      }
      emit(w);
      if (next < 4094) {
        table.set(w * 256 + byte, next++);
        if (next >= 1 << width && width < 12) width++;
      } else {
        emit(256);
        table.clear();
        next = 258;
        width = 9;
      }
      w = byte;
    }
  if (w >= 0) emit(w);
  emit(257);
  if (bits > 0) out.push((acc << (8 - bits)) & 0xff);
  return Buffer.from(out);
}

/** RunLengthDecode's longest run, 128 copies of one byte, repeated to `inflatedMiB` MB. */
const runLengthOf = (inflatedMiB: number): Buffer =>
  Buffer.concat([Buffer.alloc(((inflatedMiB * 1024 * 1024) / 128) * 2, Buffer.from([129, 0x20])), Buffer.from([128])]);

export type StreamBombFilter = 'FlateDecode' | 'LZWDecode' | 'RunLengthDecode' | 'ASCIIHexDecode FlateDecode';

/**
 * A one-page PDF whose page content is one stream of `inflatedMiB` MB of text under `filter`, made in
 * 1 MB pieces so the bomb is never whole in memory here either (300 MB of Flate compress to about 1 MB).
 */
export function makeStreamBombPdf(inflatedMiB = 300, filter: StreamBombFilter = 'FlateDecode'): Uint8Array {
  const data =
    filter === 'FlateDecode'
      ? zlibOf(inflatedMiB)
      : filter === 'LZWDecode'
        ? lzwEncode(contentPieces(inflatedMiB))
        : filter === 'RunLengthDecode'
          ? runLengthOf(inflatedMiB)
          : Buffer.from(`${zlibOf(inflatedMiB).toString('hex')}>`, 'latin1');
  const filters = filter.split(' ').map((f) => `/${f}`);
  const filterEntry = filters.length > 1 ? `[${filters.join(' ')}]` : filters[0];
  const objects = [
    '',
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Count 1 /Kids [4 0 R] /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    '<< /Type /Page /Parent 2 0 R /Contents 5 0 R >>',
  ];
  const chunks: Buffer[] = [];
  let length = 0;
  const add = (b: Buffer) => (chunks.push(b), (length += b.length));
  add(Buffer.from('%PDF-1.4\n'));
  const offsets: number[] = [];
  for (let n = 1; n < objects.length; n++) {
    offsets[n] = length;
    add(Buffer.from(`${n} 0 obj\n${objects[n]}\nendobj\n`, 'latin1'));
  }
  offsets[5] = length;
  add(Buffer.from(`5 0 obj\n<< /Length ${data.length} /Filter ${filterEntry} >>\nstream\n`, 'latin1'));
  add(data);
  add(Buffer.from('\nendstream\nendobj\n', 'latin1'));
  const xref = length;
  let tail = `xref\n0 6\n0000000000 65535 f \n`;
  for (let n = 1; n <= 5; n++) tail += `${String(offsets[n]).padStart(10, '0')} 00000 n \n`;
  tail += `trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  add(Buffer.from(tail, 'latin1'));
  return new Uint8Array(Buffer.concat(chunks));
}

/** A FlateDecode bomb (see makeStreamBombPdf). */
export const makeFlateBombPdf = (inflatedMiB = 300): Uint8Array => makeStreamBombPdf(inflatedMiB, 'FlateDecode');

/** JSON Lines of `lines` small records (600,000 make about 7 MB). */
export const makeManyLinesJsonl = (lines = 600_000): Uint8Array =>
  new Uint8Array(Buffer.from(Array.from({ length: lines }, (_, i) => `{"i":${i}}\n`).join('')));

/** `<div>` nested `depth` deep around one sentence. */
export const makeDeepHtml = (depth = 50_000): Uint8Array =>
  new Uint8Array(
    Buffer.from(`<!doctype html><html><body>${'<div>'.repeat(depth)}Deep text.${'</div>'.repeat(depth)}</body></html>`),
  );

/** Arrays nested `depth` deep around one string. */
export const makeDeepJson = (depth = 50_000): Uint8Array =>
  new Uint8Array(Buffer.from(`${'['.repeat(depth)}"deep"${']'.repeat(depth)}`));
