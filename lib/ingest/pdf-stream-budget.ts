// A PDF's compressed streams, decoded here before pdf.js sees the file, their output counted and
// thrown away: 800 KB of FlateDecode (or LZW, or run lengths) can hold hundreds of MB of text, and
// pdf.js would decode all of it into memory before the character budget could look. The count stops
// at the budget, so a bomb costs the budget's decoding time and a few KB of memory, never its full
// size. A chain of filters is decoded stage by stage: every stage's output counts, and what an
// earlier stage hands to a later one is held, so it is capped (INTERMEDIATE_BYTES).
import { isServiceError } from '../errors';
import { budgetExceeded, checkDeadline, type ExtractionBudget } from './budgets';
import { EXPANDING, TEXT_FILTERS, type Decoder } from './pdf-filters';

/** How far before `stream` its dictionary may start. */
const DICTIONARY_WINDOW = 4096;
/** The most one stage of a filter chain may hand to the next (held in memory, unlike the last stage's output). */
const INTERMEDIATE_BYTES = 16 * 2 ** 20;

const STREAM = Buffer.from('stream');
const END_STREAM = Buffer.from('endstream');

interface Stream {
  data: Buffer;
  decoders: Decoder[];
}

/** Throws a budget breach when the streams' decoded bytes together pass `budget.pdfStreamBytes`. */
export function checkPdfStreamBudget(bytes: Uint8Array, budget: ExtractionBudget): void {
  const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const counter = { total: 0 };
  for (let at = file.indexOf(STREAM); at >= 0; at = file.indexOf(STREAM, at + 1)) {
    const stream = streamAt(file, at);
    if (!stream) continue;
    checkDeadline(budget);
    decodeCounting(stream, counter, budget);
    at = stream.data.byteOffset - file.byteOffset + stream.data.length - 1;
  }
}

/** The filter names of a stream dictionary: `/Filter /A` or `/Filter [/A /B]`. */
function filterNames(dictionary: string): string[] {
  const filter = /\/Filter\s*(\[[^\]]*\]|\/[A-Za-z0-9]+)/.exec(dictionary);
  return filter ? [...filter[1]!.matchAll(/\/([A-Za-z0-9]+)/g)].map((m) => m[1]!) : [];
}

/**
 * The stream whose `stream` keyword is at `at`, with the decoders of its filters up to the first one
 * that is not a text filter, if any of those can expand.
 */
function streamAt(file: Buffer, at: number): Stream | undefined {
  if (at >= 3 && file.toString('latin1', at - 3, at) === 'end') return undefined;
  const eol = file[at + 6] === 0x0d && file[at + 7] === 0x0a ? 2 : file[at + 6] === 0x0a ? 1 : 0;
  if (!eol) return undefined;
  const dictionary = file.toString('latin1', Math.max(0, at - DICTIONARY_WINDOW), at);
  const opened = dictionary.lastIndexOf('obj');
  const own = opened >= 0 ? dictionary.slice(opened) : dictionary;
  const decoders: Decoder[] = [];
  for (const name of filterNames(own)) {
    const decoder = TEXT_FILTERS[name];
    if (!decoder) break;
    decoders.push(decoder);
  }
  if (!decoders.some((d) => EXPANDING.has(d))) return undefined;
  const start = at + 6 + eol;
  // A direct /Length is exact; an indirect one (`12 0 R`) is found by the end keyword instead.
  const length = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(own);
  const end = length ? start + Number(length[1]) : file.indexOf(END_STREAM, start);
  return { data: file.subarray(start, end < start ? file.length : Math.min(end, file.length)), decoders };
}

function decodeCounting(stream: Stream, counter: { total: number }, budget: ExtractionBudget): void {
  const count = (size: number) => {
    counter.total += size;
    if (counter.total > budget.pdfStreamBytes) {
      throw budgetExceeded(
        `The PDF's compressed streams unpack to more than ${budget.pdfStreamBytes / 2 ** 20} MB, its budget`,
        'Upload a PDF whose text and images are of ordinary size; split very large documents into parts',
      );
    }
  };
  let data: Uint8Array = stream.data;
  try {
    for (const [i, decode] of stream.decoders.entries()) {
      const last = i === stream.decoders.length - 1;
      const held: Uint8Array[] = [];
      let heldBytes = 0;
      decode(data, (piece) => {
        count(piece.length);
        if (last) return;
        heldBytes += piece.length;
        if (heldBytes > INTERMEDIATE_BYTES) {
          throw budgetExceeded(
            `A filter stage of the PDF's streams unpacks to more than ${INTERMEDIATE_BYTES / 2 ** 20} MB`,
            'Upload a PDF written by an ordinary PDF producer; split very large documents into parts',
          );
        }
        held.push(piece.slice());
      });
      if (!last) data = Buffer.concat(held);
    }
  } catch (e) {
    // A damaged stream is pdf.js's to judge; only the budget's own breach stops the upload here.
    if (isServiceError(e)) throw e;
  }
}
