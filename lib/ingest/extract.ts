// Text out of an uploaded document, as sections that remember where they came from (page, heading).
// The type has been checked by detectFileType; what only a full read can reveal (an encrypted or
// damaged PDF, bad UTF-8 past the head, no text at all) fails here with advice for the status record.

import mammoth from 'mammoth';
import { badRequest } from '../errors';
import { jsonText, csvText } from './extract-data';
import { htmlSections } from './extract-html';
import { markdownSections } from './extract-markdown';
import { pdfSections } from './extract-pdf';
import { contentMismatchError, declaredHtmlCharset, decodeUtf8, type FileType } from './file-type';

export interface Section {
  text: string;
  /** 1-based page number (PDF). */
  page?: number;
  /** The nearest heading above the text (DOCX, HTML, Markdown). */
  heading?: string;
}

export interface ExtractedDocument {
  sections: Section[];
}

export async function extractText(type: FileType, bytes: Uint8Array): Promise<ExtractedDocument> {
  const sections = await sectionsOf(type, bytes);
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
};

async function sectionsOf(type: FileType, bytes: Uint8Array): Promise<ExtractedDocument['sections']> {
  switch (type) {
    case 'pdf':
      return pdfSections(bytes);
    case 'docx':
      return htmlSections(await docxHtml(bytes));
    case 'html':
      return htmlSections(decodeText(type, bytes));
    case 'md':
      return markdownSections(decodeText(type, bytes));
    case 'csv':
      return [{ text: csvText(decodeText(type, bytes)) }];
    case 'json':
      return [{ text: jsonText(parseJson(bytes)) }];
    case 'txt':
      return [{ text: decodeText(type, bytes).trim() }];
  }
}

async function docxHtml(bytes: Uint8Array): Promise<string> {
  try {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return (await mammoth.convertToHtml({ buffer })).value;
  } catch (cause) {
    throw badRequest(
      'The Word document could not be read; it may be damaged',
      'Open it in Word or LibreOffice, save it again as .docx, and upload that',
      'unreadable_document',
      { cause },
    );
  }
}

function parseJson(bytes: Uint8Array): unknown {
  const text = decodeText('json', bytes);
  try {
    return JSON.parse(text);
  } catch {
    throw contentMismatchError('json', 'it does not parse as JSON', bytes);
  }
}

/** UTF-8 (or an HTML page's declared charset), line ends as \n; invalid bytes mean a mislabelled file. */
function decodeText(type: FileType, bytes: Uint8Array): string {
  let text: string;
  try {
    text = decodeUtf8(bytes);
  } catch {
    const charset = type === 'html' ? declaredHtmlCharset(bytes) : undefined;
    if (!charset) throw contentMismatchError(type, 'text must be UTF-8', bytes);
    text = new TextDecoder(charset).decode(bytes);
  }
  return text.replace(/\r\n?/g, '\n');
}
