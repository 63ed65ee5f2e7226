// Lists written as plain words: "pears and plums", "quiet, tidy, patient and
// kind". Items are runs of content words between separators; with only two items the first
// is cut to the length of the second ("by wall height and roof pitch" → "wall height", "roof
// pitch"), since nothing else marks where it starts (so "skip bridges and ferry lanes" keeps
// "skip bridges": a verb and a noun look alike here).
import type { Token } from '@fnquery/text-tools';
import { MAX_ITEM_WORDS } from '../weights';

export interface PhraseList {
  start: number;
  end: number;
  items: { start: number; end: number; text: string }[];
}

const CONJUNCTIONS = new Set(['and', 'or', '&']);

const isContent = (t: Token | undefined) => t !== undefined && t.word && !t.stop && !/^\d/.test(t.text);

export function findPhraseLists(text: string, tokens: Token[]): PhraseList[] {
  const lists: PhraseList[] = [];
  for (let c = 0; c < tokens.length; c++) {
    if (!CONJUNCTIONS.has(tokens[c]!.lower)) continue;
    // The last item: content words after the conjunction.
    let end = c;
    while (isContent(tokens[end + 1]) && end - c < MAX_ITEM_WORDS) end++;
    if (end === c) continue;
    const items: [number, number][] = [[c + 1, end]];
    // Earlier items, back over "x, y," separators.
    let right = c - (tokens[c - 1]?.text === ',' ? 2 : 1);
    for (;;) {
      let left = right;
      while (isContent(tokens[left - 1]) && right - left + 1 < MAX_ITEM_WORDS) left--;
      if (!isContent(tokens[right])) break;
      items.unshift([left, right]);
      if (tokens[left - 1]?.text !== ',' || !isContent(tokens[left - 2])) break;
      right = left - 2;
    }
    if (items.length < 2) continue;
    if (items.length === 2) {
      const lastLength = items[1]![1] - items[1]![0];
      items[0]![0] = Math.max(items[0]![0], items[0]![1] - lastLength);
    }
    const spans = items.map(([a, b]) => ({
      start: tokens[a]!.start,
      end: tokens[b]!.end,
      text: text.slice(tokens[a]!.start, tokens[b]!.end),
    }));
    lists.push({ start: spans[0]!.start, end: spans.at(-1)!.end, items: spans });
    c = end;
  }
  return lists;
}

// After a colon that follows a word, items parted by commas (the last maybe by "and"/"or") up to the
// sentence's end: "the Garden project: paint the fence, fix the gate, clear the gutters". The colon
// marks where the list starts, so each item is kept as written, function words and all; one comma at
// least, since a colon before plain prose introduces a message, not a list.
const COLON_LIST = /(?<=\p{L}):\s+([^\n.!?:;]+?)\s*(?=[.!?]\s|[.!?]*\s*$)/gu;
const ITEM_SEPARATOR = /\s*,\s*(?:(?:and|or)\s+)?|\s+(?:and|or)\s+/gu;

export function findColonLists(text: string): PhraseList[] {
  const lists: PhraseList[] = [];
  for (const m of text.matchAll(COLON_LIST)) {
    const body = m[1]!;
    if (!body.includes(',')) continue;
    const start = m.index + m[0].indexOf(body);
    const items: PhraseList['items'] = [];
    let at = 0;
    for (const sep of [...body.matchAll(ITEM_SEPARATOR), { index: body.length, 0: '' }]) {
      const item = body.slice(at, sep.index);
      if (item) items.push({ start: start + at, end: start + sep.index, text: item });
      at = sep.index + sep[0].length;
    }
    const tooLong = items.some((i) => i.text.split(/\s+/u).length > MAX_ITEM_WORDS);
    if (items.length >= 2 && !tooLong) lists.push({ start, end: start + body.length, items });
  }
  return lists;
}
