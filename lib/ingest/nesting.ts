// Nesting depth, measured by flat scans before any recursive reader sees the document: html-to-text
// walks the DOM recursively and overflows the stack on HTML nested tens of thousands deep.
import { Parser } from 'htmlparser2';
import { nestingExceeded, type ExtractionBudget } from './budgets';

/**
 * The same tokenizer html-to-text parses with (htmlparser2), so implied end tags (`<p>` inside
 * `<p>`) and void elements count exactly as they will in the tree.
 */
export function checkHtmlNesting(html: string, budget: ExtractionBudget): void {
  let depth = 0;
  let breached = false;
  const parser = new Parser({
    onopentag() {
      depth += 1;
      if (depth > budget.nesting) {
        breached = true;
        parser.pause();
      }
    },
    onclosetag() {
      depth -= 1;
    },
  });
  parser.end(html);
  if (breached) throw nestingExceeded(budget, 'elements');
}

const OPEN_BRACKET = 0x5b;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACKET = 0x5d;
const CLOSE_BRACE = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Arrays and objects inside each other; brackets inside strings do not count. */
export function checkJsonNesting(text: string, budget: ExtractionBudget): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
      if (++depth > budget.nesting) throw nestingExceeded(budget, 'arrays and objects');
    } else if (c === CLOSE_BRACKET || c === CLOSE_BRACE) {
      depth -= 1;
    }
  }
}
