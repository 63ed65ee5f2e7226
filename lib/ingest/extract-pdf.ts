// PDF to one section per page, so every chunk can cite its page. pdf.js (bundled in unpdf) reads
// the text layer only: a scanned PDF has none and ends as "no text" with OCR advice upstream.

import { getDocumentProxy } from 'unpdf';
import { badRequest, isServiceError } from '../errors';
import { budgetExceeded, checkCharacters, checkDeadline, type ExtractionBudget } from './budgets';
import { checkPdfStreamBudget } from './pdf-stream-budget';
import type { Section } from './section';

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;

const PDFJS_ERRORS_ONLY = 0;

export async function pdfSections(bytes: Uint8Array, budget: ExtractionBudget): Promise<Section[]> {
  // Before pdf.js: it inflates a stream whole, so its size must be known not to be a bomb.
  checkPdfStreamBudget(bytes, budget);
  let pdf: PdfDocument;
  try {
    // A copy: pdf.js may take over (detach) the buffer it is given, and the caller still owns `bytes`.
    pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: PDFJS_ERRORS_ONLY });
  } catch (e) {
    throw isPasswordError(e)
      ? badRequest('The PDF is encrypted', 'Upload a copy without a password', 'encrypted_document', { cause: e })
      : unreadable(e);
  }
  try {
    // The page count comes from the page tree's root, before any page is read.
    if (pdf.numPages > budget.pdfPages) {
      throw budgetExceeded(
        `The PDF has ${pdf.numPages} pages, over the budget of ${budget.pdfPages} pages per document`,
        `Split the PDF into parts of at most ${budget.pdfPages} pages and upload each one`,
      );
    }
    const sections: Section[] = [];
    let characters = 0;
    for (let number = 1; number <= pdf.numPages; number++) {
      checkDeadline(budget);
      const page = await pdf.getPage(number);
      const text = pageText((await page.getTextContent()).items);
      page.cleanup();
      characters += text.length;
      checkCharacters(characters, budget);
      if (text) sections.push({ text, page: number });
    }
    return sections;
  } catch (e) {
    throw isServiceError(e) ? e : unreadable(e);
  } finally {
    await pdf.destroy();
  }
}

const isPasswordError = (e: unknown) => e instanceof Error && e.name === 'PasswordException';

const unreadable = (cause: unknown) =>
  badRequest(
    'The PDF could not be read; it may be damaged or incomplete',
    'Open it in a PDF viewer, save or print it to a new PDF, and upload that',
    'unreadable_document',
    { cause },
  );

/**
 * Text items in reading order; pdf.js marks line ends. Words split by a line-end hyphen are rejoined
 * and control characters (left by fonts without a Unicode map) are dropped.
 */
function pageText(items: ReadonlyArray<object>): string {
  let text = '';
  for (const item of items) {
    if (!('str' in item)) continue;
    text += String(item.str);
    if ('hasEOL' in item && item.hasEOL) text += '\n';
  }
  return text
    .replace(/[^\P{Cc}\n\t]/gu, '')
    .replace(/(\p{L})-\n(\p{Ll})/gu, '$1$2')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
