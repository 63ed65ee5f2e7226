// A PDF's compressed streams, inflated here before pdf.js sees the file, their output counted and
// thrown away: 800 KB of FlateDecode can hold hundreds of MB of text, and pdf.js would inflate all
// of it into memory before the character budget could look. The count stops at the budget, so a
// bomb costs the budget's inflating time and a few KB of memory, never its full size.
import { Inflate, Unzlib } from 'fflate';
import { isServiceError } from '../errors';
import { budgetExceeded, checkDeadline, type ExtractionBudget } from './budgets';

/** Compressed bytes per push: deflate expands at most ~1,032×, so one push yields at most ~4 MB. */
const SLICE = 4096;
/** How far before `stream` its dictionary may start. */
const DICTIONARY_WINDOW = 4096;

const STREAM = Buffer.from('stream');
const END_STREAM = Buffer.from('endstream');

/** zlib's two-byte header (RFC 1950): deflate, and a check sum that holds. */
const hasZlibHeader = (data: Uint8Array) =>
  data.length >= 2 && (data[0]! & 0x0f) === 8 && ((data[0]! << 8) | data[1]!) % 31 === 0;

/** Throws a budget breach when the FlateDecode streams together inflate past `budget.pdfStreamBytes`. */
export function checkPdfStreamBudget(bytes: Uint8Array, budget: ExtractionBudget): void {
  const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let total = 0;
  for (let at = file.indexOf(STREAM); at >= 0; at = file.indexOf(STREAM, at + 1)) {
    const data = streamData(file, at);
    if (!data) continue;
    checkDeadline(budget);
    total = inflateCounting(data, total, budget);
    at = data.byteOffset - file.byteOffset + data.length - 1;
  }
}

/** The bytes of the FlateDecode stream whose `stream` keyword is at `at`, if it is one. */
function streamData(file: Buffer, at: number): Buffer | undefined {
  if (at >= 3 && file.toString('latin1', at - 3, at) === 'end') return undefined;
  const eol = file[at + 6] === 0x0d && file[at + 7] === 0x0a ? 2 : file[at + 6] === 0x0a ? 1 : 0;
  if (!eol) return undefined;
  const dictionary = file.toString('latin1', Math.max(0, at - DICTIONARY_WINDOW), at);
  const opened = dictionary.lastIndexOf('obj');
  const own = opened >= 0 ? dictionary.slice(opened) : dictionary;
  if (!/\/FlateDecode\b/.test(own)) return undefined;
  const start = at + 6 + eol;
  // A direct /Length is exact; an indirect one (`12 0 R`) is found by the end keyword instead.
  const length = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(own);
  const end = length ? start + Number(length[1]) : file.indexOf(END_STREAM, start);
  return file.subarray(start, end < start ? file.length : Math.min(end, file.length));
}

function inflateCounting(data: Uint8Array, totalBefore: number, budget: ExtractionBudget): number {
  let total = totalBefore;
  const count = (chunk: Uint8Array) => {
    total += chunk.length;
    if (total > budget.pdfStreamBytes) {
      throw budgetExceeded(
        `The PDF's compressed streams unpack to more than ${budget.pdfStreamBytes / 2 ** 20} MB, its budget`,
        'Upload a PDF whose text and images are of ordinary size; split very large documents into parts',
      );
    }
  };
  const inflate = hasZlibHeader(data) ? new Unzlib(count) : new Inflate(count);
  try {
    for (let at = 0; at < data.length; at += SLICE) {
      inflate.push(data.subarray(at, Math.min(at + SLICE, data.length)), at + SLICE >= data.length);
    }
  } catch (e) {
    // A damaged stream is pdf.js's to judge; only the budget's own breach stops the upload here.
    if (isServiceError(e)) throw e;
  }
  return total;
}
