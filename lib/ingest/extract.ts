// Text out of an uploaded document, as sections that remember where they came from (page, heading).
// The type has been checked by detectFileType; what only a full read can reveal (an encrypted or
// damaged PDF, bad UTF-8 past the head, no text at all) fails here with advice for the status record.
// Every reader works under an ExtractionBudget (budgets.ts) checked while it reads.

import mammoth from 'mammoth';
import { badRequest, isServiceError } from '../errors';
import {
  checkCharacters,
  checkDeadline,
  checkRecords,
  extractionBudget,
  isStackOverflow,
  nestingExceeded,
  type ExtractionBudget,
} from './budgets';
import { checkDocxBudget } from './docx-budget';
import { jsonText, csvText } from './extract-data';
import { htmlSections } from './extract-html';
import { markdownSections } from './extract-markdown';
import { checkJsonNesting } from './nesting';
import { pdfSections } from './extract-pdf';
import {
  contentMismatchError,
  declaredHtmlCharset,
  decodeUnicode,
  jsonLineReason,
  textEncoding,
  type FileType,
} from './file-type';

import type { Section } from './section';

export type { Section };

export interface ExtractedDocument {
  sections: Section[];
}

export async function extractText(
  type: FileType,
  bytes: Uint8Array,
  budget = extractionBudget(),
): Promise<ExtractedDocument> {
  let sections: Section[];
  try {
    sections = await sectionsOf(type, bytes, budget);
  } catch (e) {
    // A reader that recursed until the stack ran out met nesting beyond any budget check's notion.
    if (isStackOverflow(e)) throw nestingExceeded(budget, 'its parts');
    throw e;
  }
  checkCharacters(
    sections.reduce((n, s) => n + s.text.length, 0),
    budget,
  );
  checkDeadline(budget);
  if (!sections.some((s) => /[\p{L}\p{N}]/u.test(s.text))) {
    throw badRequest('The document contains no text', EMPTY_ADVICE[type], 'empty_document');
  }
  return { sections };
}

const EMPTY_ADVICE: Record<FileType, string> = {
  pdf: 'If it is a scanned PDF, run text recognition (OCR) on it first and upload the result',
  docx: 'Check that it is the right file; text inside images needs text recognition (OCR) first',
  txt: 'Upload a file that contains text',
  md: 'Upload a file that contains text',
  html: 'Upload a page whose body contains text; pages that build their content with JavaScript must be saved after rendering',
  csv: 'Upload a CSV with a header row and at least one data row',
  json: 'Upload a JSON document that holds at least one value',
  jsonl: 'Upload a JSON Lines file with one JSON document or record on each line',
};

async function sectionsOf(type: FileType, bytes: Uint8Array, budget: ExtractionBudget): Promise<Section[]> {
  switch (type) {
    case 'pdf':
      return pdfSections(bytes, budget);
    case 'docx':
      return htmlSections(await docxHtml(bytes, budget), budget);
    case 'html':
      return htmlSections(decodeText(type, bytes, budget), budget);
    case 'md':
      return markdownSections(decodeText(type, bytes, budget));
    case 'csv':
      // The header row is not a record.
      return [{ text: csvText(decodeText(type, bytes, budget), (rows) => checkRecords(rows - 1, budget, 'rows')) }];
    case 'json':
      return [{ text: jsonText(parseJson(bytes, budget)) }];
    case 'jsonl':
      return jsonLinesSections(bytes, budget);
    case 'txt':
      return [{ text: decodeText(type, bytes, budget).trim() }];
  }
}

/** Images are left unread: the text reader drops them, and inflating them would only cost memory. */
const skipImages = mammoth.images.imgElement(() => Promise.resolve({ src: '' }));

async function docxHtml(bytes: Uint8Array, budget: ExtractionBudget): Promise<string> {
  try {
    checkDocxBudget(bytes, budget);
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return (await mammoth.convertToHtml({ buffer }, { convertImage: skipImages })).value;
  } catch (cause) {
    if (isServiceError(cause) || isStackOverflow(cause)) throw cause;
    throw badRequest(
      'The Word document could not be read; it may be damaged',
      'Open it in Word or LibreOffice, save it again as .docx, and upload that',
      'unreadable_document',
      { cause },
    );
  }
}

function parseJson(bytes: Uint8Array, budget: ExtractionBudget): unknown {
  const text = decodeText('json', bytes, budget);
  checkJsonNesting(text, budget);
  try {
    return JSON.parse(text);
  } catch {
    throw contentMismatchError('json', 'it does not parse as JSON', bytes);
  }
}

/** One section per record, so no chunk mixes two records; a string record is its own text. */
function jsonLinesSections(bytes: Uint8Array, budget: ExtractionBudget): Section[] {
  const sections: Section[] = [];
  const lines = decodeText('jsonl', bytes, budget).split('\n');
  // Counted before any line is parsed: a file over the limit fails at once, whatever its lines hold.
  checkRecords(
    lines.reduce((n, line) => (line.trim() ? n + 1 : n), 0),
    budget,
    'lines',
  );
  lines.forEach((line, i) => {
    if (!line.trim()) return;
    checkJsonNesting(line, budget);
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch {
      throw contentMismatchError('jsonl', jsonLineReason(i + 1), bytes);
    }
    const text = typeof record === 'string' ? record.trim() : jsonText(record);
    if (text) sections.push({ text });
  });
  return sections;
}

/** UTF-8, UTF-16 with a BOM (or an HTML page's declared charset), line ends as \n; invalid bytes mean a mislabelled file. */
function decodeText(type: FileType, bytes: Uint8Array, budget: ExtractionBudget): string {
  // Text never has more characters than bytes: a file within the budget in bytes needs no decoding to know.
  if (bytes.length > budget.characters) checkCharacters(decodedLength(bytes), budget);
  let text: string;
  try {
    text = decodeUnicode(bytes);
  } catch {
    const charset = type === 'html' ? declaredHtmlCharset(bytes) : undefined;
    if (!charset) throw contentMismatchError(type, 'text must be UTF-8', bytes);
    text = new TextDecoder(charset).decode(bytes);
  }
  return text.replace(/\r\n?/g, '\n');
}

/** UTF-16 code units the bytes decode to, counted without building the string. */
function decodedLength(bytes: Uint8Array): number {
  if (textEncoding(bytes) !== 'utf-8') return Math.floor((bytes.length - 2) / 2);
  let units = 0;
  for (const b of bytes) {
    if ((b & 0xc0) !== 0x80) units += b >= 0xf0 ? 2 : 1;
  }
  return units;
}
