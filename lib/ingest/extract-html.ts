// HTML (and DOCX, which mammoth turns into HTML) to sections: one per heading, the heading's text
// kept on the section. Page furniture (scripts, styles, navigation, images) is dropped; table rows
// stay on one line with cells separated by " | ", so a value stays next to its row.

import { compile, type DomNode, type FormatCallback } from 'html-to-text';
import type { ExtractionBudget } from './budgets';
import type { Section } from './section';
import { checkHtmlNesting } from './nesting';

// Private-use characters mark where headings start and end in the converted text.
const HEADING_OPEN = '\uE000';
const HEADING_CLOSE = '\uE001';
const MARKERS = /[\uE000\uE001]/g;
const HEADING = /\uE000([^\uE001]*)\uE001/g;

const heading: FormatCallback = (elem, walk, builder) => {
  builder.openBlock({ leadingLineBreaks: 2 });
  builder.addLiteral(HEADING_OPEN);
  walk(elem.children, builder);
  builder.addLiteral(HEADING_CLOSE);
  builder.closeBlock({ trailingLineBreaks: 2 });
};

/** Each row on one line: cell texts (line breaks inside a cell flattened) joined by " | ". */
const rowsTable: FormatCallback = (elem, walk, builder) => {
  builder.openTable();
  const walkTable = (node: DomNode) => {
    if (node.type !== 'tag') return;
    if (['thead', 'tbody', 'tfoot'].includes(node.name ?? '')) node.children?.forEach(walkTable);
    if (node.name !== 'tr') return;
    builder.openTableRow();
    for (const cell of node.children ?? []) {
      if (cell.type !== 'tag' || (cell.name !== 'td' && cell.name !== 'th')) continue;
      builder.openTableCell();
      walk(cell.children, builder);
      builder.closeTableCell();
    }
    builder.closeTableRow();
  };
  elem.children?.forEach(walkTable);
  builder.closeTable({
    tableToString: (rows) =>
      rows.map((cells) => cells.map((c) => c.text.replace(/\s*\n\s*/g, ' ').trim()).join(' | ')).join('\n'),
    leadingLineBreaks: 2,
    trailingLineBreaks: 2,
  });
};

const skip = (selector: string) => ({ selector, format: 'skip' });

const toText = compile({
  wordwrap: false,
  formatters: { heading, rowsTable },
  selectors: [
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, format: 'heading' })),
    { selector: 'table', format: 'rowsTable' },
    { selector: 'a', options: { ignoreHref: true } },
    ...['script', 'style', 'noscript', 'template', 'nav', '[role=navigation]', 'svg', 'img', 'button'].map(skip),
    // mammoth's "↑" links from a DOCX footnote back to its reference.
    ...['a[href^="#footnote-ref"]', 'a[href^="#endnote-ref"]'].map(skip),
  ],
});

export function htmlSections(html: string, budget: ExtractionBudget): Section[] {
  checkHtmlNesting(html, budget);
  const text = toText(html.replace(MARKERS, ''));
  const sections: Section[] = [];
  // The heading also opens the section's text: its words are the strongest hint of what follows.
  const push = (body: string, title: string | undefined) => {
    const content = [title, body.trim()].filter(Boolean).join('\n');
    if (content) sections.push(title ? { text: content, heading: title } : { text: content });
  };
  let title: string | undefined;
  let last = 0;
  for (const m of text.matchAll(HEADING)) {
    push(text.slice(last, m.index), title);
    title = collapseSpace(m[1] ?? '') || undefined;
    last = m.index + m[0].length;
  }
  push(text.slice(last), title);
  return sections;
}

export const collapseSpace = (s: string) => s.replace(/\s+/g, ' ').trim();
