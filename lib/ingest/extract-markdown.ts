// Markdown to one section per heading (ATX "# Title" and setext "Title\n===="), ignoring "#" lines
// inside fenced code. The body keeps its Markdown: the marks cost little and the text stays exact.

import type { Section } from './section';

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const ATX = /^ {0,3}#{1,6}(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const SETEXT_UNDERLINE = /^ {0,3}(?:=+|-+)[ \t]*$/;

export function markdownSections(text: string): Section[] {
  const sections: Section[] = [];
  let heading: string | undefined;
  let body: string[] = [];
  const close = () => {
    const content = [heading, body.join('\n').trim()].filter(Boolean).join('\n');
    if (content) sections.push(heading ? { text: content, heading } : { text: content });
    body = [];
  };
  let fence: string | undefined;
  for (const line of text.split('\n')) {
    const fenceMark = FENCE.exec(line)?.[1];
    if (fenceMark && (!fence || fenceMark.startsWith(fence))) {
      fence = fence ? undefined : fenceMark.slice(0, 3);
      body.push(line);
      continue;
    }
    const atx = fence ? null : ATX.exec(line);
    const previous = body.at(-1);
    if (atx) {
      close();
      heading = plain(atx[1] ?? '') || undefined;
    } else if (!fence && SETEXT_UNDERLINE.test(line) && previous?.trim()) {
      body.pop();
      close();
      heading = plain(previous) || undefined;
    } else {
      body.push(line);
    }
  }
  close();
  return sections;
}

/** Heading text without emphasis, code marks or link targets. */
const plain = (s: string) =>
  s
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`]/g, '')
    .trim();
