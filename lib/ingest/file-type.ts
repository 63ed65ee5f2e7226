// Which document types an upload may be, decided by extension AND content: the extension says what
// the user meant, the content says what we would actually parse. Runs in the upload handler (so it
// reads only the head of text files and the zip directory of a DOCX) and again in the worker.

import { unsupportedMediaType } from '../errors';
import { zipDirectory } from './zip-directory';

export const FILE_TYPES = ['pdf', 'docx', 'txt', 'md', 'html', 'csv', 'json', 'jsonl'] as const;
export type FileType = (typeof FILE_TYPES)[number];

const TYPE_BY_EXTENSION: Record<string, FileType> = {
  pdf: 'pdf',
  docx: 'docx',
  txt: 'txt',
  md: 'md',
  markdown: 'md',
  html: 'html',
  htm: 'html',
  csv: 'csv',
  json: 'json',
  jsonl: 'jsonl',
  ndjson: 'jsonl',
};

const LABELS: Record<FileType, string> = {
  pdf: 'PDF (.pdf)',
  docx: 'Word (.docx)',
  txt: 'plain text (.txt)',
  md: 'Markdown (.md, .markdown)',
  html: 'HTML (.html, .htm)',
  csv: 'CSV (.csv)',
  json: 'JSON (.json)',
  jsonl: 'JSON Lines (.jsonl, .ndjson)',
};

const ACCEPTED_TYPES_TEXT = FILE_TYPES.map((t) => LABELS[t]).join(', ');

/** Enough to see binary data or a wrong encoding; the worker's full decode catches anything later. */
const TEXT_HEAD_BYTES = 64 * 1024;
/** PDF readers accept the header anywhere in the first 1,024 bytes (PDF 1.7 annex H). */
const PDF_HEADER_WINDOW = 1024;

export function detectFileType(filename: string, bytes: Uint8Array): FileType {
  const type = fileTypeFromName(filename);
  const reason = contentMismatch(type, bytes);
  if (reason) throw contentMismatchError(extensionOf(filename), reason, bytes);
  return type;
}

/** The type the extension names; alone, it serves where the content is not there yet (upload URLs). */
export function fileTypeFromName(filename: string): FileType {
  const extension = extensionOf(filename);
  const type = TYPE_BY_EXTENSION[extension];
  if (!type) {
    throw unsupportedMediaType(
      extension ? `Files of type .${extension} are not accepted` : 'The file name has no extension',
      `Upload one of the accepted types: ${ACCEPTED_TYPES_TEXT}`,
    );
  }
  return type;
}

/** Also used by extraction when the full decode finds what the head check could not see. */
export function contentMismatchError(extension: string, reason: string, bytes: Uint8Array) {
  const advice = adviceFromContent(bytes) ?? `Upload a file whose content matches its extension (${reason})`;
  return unsupportedMediaType(`The file content does not match its .${extension} extension`, advice);
}

function extensionOf(filename: string): string {
  const base = filename.slice(Math.max(filename.lastIndexOf('/'), filename.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** Why the content is not of the type, or undefined when it is. */
function contentMismatch(type: FileType, bytes: Uint8Array): string | undefined {
  switch (type) {
    case 'pdf':
      return indexOfAscii(bytes, '%PDF-', PDF_HEADER_WINDOW) < 0 ? 'a PDF starts with %PDF-' : undefined;
    case 'docx':
      return zipHasEntry(bytes, 'word/document.xml') ? undefined : 'a DOCX is a ZIP archive holding word/document.xml';
    case 'json':
      return jsonProblem(bytes);
    case 'jsonl':
      return (
        textProblem(bytes.subarray(0, TEXT_HEAD_BYTES), type) ?? jsonLinesProblem(bytes.subarray(0, TEXT_HEAD_BYTES))
      );
    default:
      return textProblem(bytes.subarray(0, TEXT_HEAD_BYTES), type);
  }
}

const STREAM = { stream: true } as const;

/**
 * NUL bytes or invalid UTF-8 mean binary data. UTF-16 is text too when a byte-order mark says so
 * (what Windows editors write for "Unicode"); without one it is indistinguishable from binary.
 */
function textProblem(head: Uint8Array, type: FileType): string | undefined {
  const encoding = textEncoding(head);
  if (encoding === 'utf-8' && head.includes(0)) return 'it contains binary data; text must be UTF-8';
  let text: string;
  try {
    // stream: a character cut at the end of the head is not an error.
    text = decodeUnicode(head, STREAM);
  } catch {
    if (encoding !== 'utf-8')
      return `it is not valid ${encoding.toUpperCase()} although it starts with that byte-order mark`;
    return type === 'html' && declaredHtmlCharset(head) ? undefined : 'text must be UTF-8';
  }
  if (type === 'html' && !/<[!a-z]/i.test(text)) return 'no HTML tags found';
  return undefined;
}

function jsonProblem(bytes: Uint8Array): string | undefined {
  const textReason = textProblem(bytes.subarray(0, TEXT_HEAD_BYTES), 'json');
  if (textReason) return textReason;
  try {
    JSON.parse(decodeUnicode(bytes));
    return undefined;
  } catch (e) {
    // Only the position: the parser's message quotes the file, which must not reach logs or records.
    const where = /position \d+(?: \(line \d+ column \d+\))?/.exec(String(e))?.[0];
    return where ? `it does not parse as JSON: error at ${where}` : 'it does not parse as JSON';
  }
}

/** The head's complete lines must each be JSON; the worker checks every line as it reads them. */
function jsonLinesProblem(head: Uint8Array): string | undefined {
  const text = decodeUnicode(head, STREAM);
  const lines = text.split('\n');
  if (head.length === TEXT_HEAD_BYTES) lines.pop();
  const bad = badJsonLine(lines);
  return bad === undefined ? undefined : jsonLineReason(bad);
}

export const jsonLineReason = (line: number) =>
  `line ${line} is not a JSON value; each line of a JSON Lines file holds one`;

/** 1-based number of the first non-blank line that does not parse as JSON. */
function badJsonLine(lines: string[]): number | undefined {
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i]!.trim()) continue;
    try {
      JSON.parse(lines[i]!);
    } catch {
      return i + 1;
    }
  }
  return undefined;
}

export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be';

/** The encoding a byte-order mark names; UTF-8 when there is none. */
export function textEncoding(bytes: Uint8Array): TextEncoding {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return 'utf-8';
}

/** UTF-8, or UTF-16 after its byte-order mark (any BOM dropped), throwing on invalid bytes. */
export function decodeUnicode(bytes: Uint8Array, options?: { stream: boolean }): string {
  return new TextDecoder(textEncoding(bytes), { fatal: true }).decode(bytes, options);
}

/** `<meta charset=…>` (either form) in the head of an HTML file, when it is not UTF-8 and Node knows it. */
export function declaredHtmlCharset(head: Uint8Array): string | undefined {
  const ascii = new TextDecoder('latin1').decode(head.subarray(0, 4096));
  const label = /<meta[^>]+charset\s*=\s*["']?\s*([\w-]+)/i.exec(ascii)?.[1]?.toLowerCase();
  if (!label || label === 'utf-8' || label === 'utf8') return undefined;
  try {
    new TextDecoder(label);
    return label;
  } catch {
    return undefined;
  }
}

function indexOfAscii(bytes: Uint8Array, needle: string, window: number): number {
  const end = Math.min(bytes.length, window) - needle.length;
  outer: for (let i = 0; i <= end; i++) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle.charCodeAt(j)) continue outer;
    return i;
  }
  return -1;
}

/** Reads only the zip's central directory (at the tail), so a DOCX is checked without inflating anything. */
const zipHasEntry = (bytes: Uint8Array, name: string) =>
  zipDirectory(bytes)?.some((entry) => entry.name === name) ?? false;

/** Names what a mismatched file probably is, so users see their mistake at once. */
function adviceFromContent(bytes: Uint8Array): string | undefined {
  const rename = (what: string, extension: string) =>
    `The content looks like ${what}: rename the file to .${extension}, or upload the intended file`;
  if (indexOfAscii(bytes, '%PDF-', PDF_HEADER_WINDOW) >= 0) return rename('a PDF document', 'pdf');
  if (zipHasEntry(bytes, 'word/document.xml')) return rename('a Word document', 'docx');
  if (indexOfAscii(bytes, '\xd0\xcf\x11\xe0', 4) === 0) {
    return 'The content looks like a password-protected Office file or a legacy .doc: remove the password or save it as .docx, then upload that';
  }
  return undefined;
}
