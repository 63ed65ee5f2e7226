// A DOCX is a zip: before mammoth (and its XML parser) sees it, every entry is inflated here as a
// stream whose output is counted and thrown away, so a few hundred KB that inflate to gigabytes
// stop at the budget instead of taking the worker's memory. Declared sizes are checked first (no
// work for an honest bomb); the counting catches archives that lie about them.
import { Inflate } from 'fflate';
import { budgetExceeded, checkDeadline, type ExtractionBudget } from './budgets';
import { entryDataStart, zipDirectory, type ZipEntry } from './zip-directory';

const STORED = 0;
const DEFLATED = 8;
/** Compressed bytes per push: deflate expands at most ~1,032×, so one push yields at most ~4 MB. */
const SLICE = 4096;

const ADVICE =
  'Open the document in Word or LibreOffice, save it again as .docx, and upload that; very large documents should be split';

/** Throws a budget breach, or a plain Error for an archive that cannot be read (the caller words that). */
export function checkDocxBudget(bytes: Uint8Array, budget: ExtractionBudget): void {
  const entries = zipDirectory(bytes);
  if (!entries) throw new Error('no readable zip directory');
  let declared = 0;
  for (const entry of entries) {
    declared += entry.declaredSize;
    checkSizes(entry.name, entry.declaredSize, declared, budget, 'declares');
  }
  let total = 0;
  for (const entry of entries) {
    checkDeadline(budget);
    total = inflateCounting(bytes, entry, total, budget);
  }
}

function checkSizes(
  name: string,
  entryBytes: number,
  totalBytes: number,
  budget: ExtractionBudget,
  verb: string,
): void {
  if (entryBytes > budget.zipEntryBytes) {
    throw budgetExceeded(
      `The Word document ${verb} ${entryBytes} bytes for its part ${JSON.stringify(name.slice(0, 100))}, over the budget of ${budget.zipEntryBytes} bytes per part`,
      ADVICE,
    );
  }
  if (totalBytes > budget.zipTotalBytes) {
    throw budgetExceeded(
      `The Word document ${verb} more than ${budget.zipTotalBytes} bytes once unpacked, its budget`,
      ADVICE,
    );
  }
}

/** The running total after this entry. */
function inflateCounting(bytes: Uint8Array, entry: ZipEntry, totalBefore: number, budget: ExtractionBudget): number {
  const start = entryDataStart(bytes, entry);
  const end = start === undefined ? undefined : start + entry.compressedSize;
  if (start === undefined || end! > bytes.length) throw new Error('entry data outside the archive');
  const data = bytes.subarray(start, end);
  if (entry.method === STORED) {
    checkSizes(entry.name, data.length, totalBefore + data.length, budget, 'unpacks');
    return totalBefore + data.length;
  }
  if (entry.method !== DEFLATED) throw new Error(`compression method ${entry.method}`);
  let inflated = 0;
  const inflate = new Inflate((chunk) => {
    inflated += chunk.length;
    checkSizes(entry.name, inflated, totalBefore + inflated, budget, 'unpacks to');
  });
  for (let at = 0; at < data.length; at += SLICE) {
    inflate.push(data.subarray(at, Math.min(at + SLICE, data.length)), at + SLICE >= data.length);
  }
  if (data.length === 0) inflate.push(new Uint8Array(0), true);
  return totalBefore + inflated;
}
