// Values made of other values: bracketed lists ("[7, 8, [9, 4]]", "['Height', 'Mass']"), numeric
// tuples ("(47.21 N, 8.93 E)"), enumerations in prose ("17, 41 and 63", "Ivory and Slate"),
// and formulas ("y = 5x^3 - x + 7", written back in the `**` power notation most code reads).

export type ListItem = number | string | ListItem[];

export interface ListMention {
  start: number;
  end: number;
  items: ListItem[];
}

export interface Span {
  start: number;
  end: number;
}

/** Bracketed lists, nested ones included; unbalanced brackets are left alone. */
export function findBracketLists(text: string): ListMention[] {
  const out: ListMention[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== '[') continue;
    const parsed = parseList(text, i);
    if (!parsed) continue;
    out.push({ start: i, end: parsed.end, items: parsed.items });
    i = parsed.end - 1;
  }
  return out;
}

/**
 * A comma inside a number ("1,000" of "[-5000, 1,000, 2,500]"): between digits, three digits after it,
 * no space, in a list whose items are parted by a comma and a space. "[1,200,3]" parts its items
 * without spaces, so each comma there parts two items.
 */
function thousandsComma(text: string, comma: number, pending: string): boolean {
  if (!/^\s*[-+]?\d{1,3}(?:,\d{3})*$/.test(pending) || !/^\d{3}(?!\d)/.test(text.slice(comma + 1))) return false;
  const close = text.indexOf(']', comma);
  return close > 0 && /,\s/.test(text.slice(text.lastIndexOf('[', comma), close));
}

function parseList(text: string, open: number): { items: ListItem[]; end: number } | undefined {
  const items: ListItem[] = [];
  let i = open + 1;
  let pending = '';
  const flush = () => {
    const raw = pending.trim();
    pending = '';
    if (!raw) return;
    const quoted = /^(['"“‘])([\s\S]*)['"”’]$/.exec(raw);
    const number = raw.replace(/(?<=\d),(?=\d{3}(?!\d))/g, '');
    items.push(quoted ? quoted[2]! : /^[-+]?\d+(?:\.\d+)?(?:e[-+]?\d+)?$/i.test(number) ? Number(number) : raw);
  };
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (c === '[') {
      const inner = parseList(text, i);
      if (!inner) return undefined;
      items.push(inner.items);
      i = inner.end - 1;
    } else if (c === ']') {
      flush();
      return { items, end: i + 1 };
    } else if (c === ',' && !thousandsComma(text, i, pending)) flush();
    else if ((c === "'" || c === '"') && !pending.trim()) {
      const close = text.indexOf(c, i + 1);
      if (close < 0) return undefined;
      pending = text.slice(i, close + 1);
      i = close;
    } else pending += c;
  }
  return undefined;
}

// The hemisphere in either case: "(47.21 n, 8.93 w)" typed in lower case is the same place.
const COORDINATE = String.raw`([-+]?\d+(?:\.\d+)?)\s*°?\s*([NSEWnsew])?`;
const TUPLE = new RegExp(String.raw`\(\s*${COORDINATE}\s*,\s*${COORDINATE}\s*(?:,\s*${COORDINATE}\s*)?\)`, 'g');

/** "(51.03, -3.12)" and "(47.21 N, 8.93 W)": south and west are negative. */
export function findNumberTuples(text: string): ListMention[] {
  return [...text.matchAll(TUPLE)].map((m) => {
    const items: number[] = [];
    for (let k = 1; k < m.length; k += 2) {
      if (m[k] === undefined) continue;
      const hemisphere = m[k + 1]?.toUpperCase();
      items.push(Number(m[k]) * (hemisphere === 'S' || hemisphere === 'W' ? -1 : 1));
    }
    return { start: m.index, end: m.index + m[0].length, items };
  });
}

const LIST_SEPARATOR = /^\s*(?:,\s*(?:(?:and|or)\s+)?|\s(?:and|or|&)\s+(?:the\s+)?|\s*;\s*)$/;

/**
 * Runs of two or more spans separated only by commas, "and", "or" or "&": "7, 8 and 9",
 * "'Height', 'Mass' and 'Shoe size'". Returns the index runs into `spans` (sorted by start).
 */
export function findEnumerations<T extends Span>(text: string, spans: T[]): T[][] {
  const runs: T[][] = [];
  let run: T[] = [];
  for (const span of spans) {
    const last = run.at(-1);
    if (last && span.start >= last.end && LIST_SEPARATOR.test(text.slice(last.end, span.start))) run.push(span);
    else {
      if (run.length > 1) runs.push(run);
      run = [span];
    }
  }
  if (run.length > 1) runs.push(run);
  return runs;
}

const RANGE_BETWEEN = /^\s*(?:to|until|till|through|and|-|–)\s*(?:[a-z]\s*=\s*)?$/;
const RANGE_OPENER = /(?:\b(?:from|between)\s*(?:[a-z]\s*=\s*)?|\b[a-z]\s*=\s*)$/;

/** Pairs of spans written as a range: "from 2031 to 2036", "between y = -4 and y = 5", "1802 to 1867". */
export function findRanges<T extends Span>(text: string, spans: T[]): [T, T][] {
  const out: [T, T][] = [];
  for (let i = 0; i + 1 < spans.length; i++) {
    const [a, b] = [spans[i]!, spans[i + 1]!];
    const between = text.slice(a.end, b.start);
    const opened = RANGE_OPENER.test(text.slice(Math.max(0, a.start - 16), a.start));
    // "and" makes a range only after "between"; otherwise "3 and 4" is a list.
    if (RANGE_BETWEEN.test(between) && (opened || !/\band\b/.test(between))) out.push([a, b]);
  }
  return out;
}

const TERM = String.raw`(?:(?:\d+(?:\.\d+)?\s*\*?\s*)?[a-z](?:\s*(?:\^|\*\*)\s*\d+(?:\.\d+)?)?|\d+(?:\.\d+)?)(?![\p{L}\d])`;
const EXPRESSION = new RegExp(
  String.raw`(?<![\p{L}\d])(?:[a-z]\s*(?:\(\s*[a-z]\s*\))?\s*=\s*)?[-+]?\s*${TERM}(?:\s*[-+*/]\s*${TERM})*`,
  'gu',
);
// A formula has a power or a coefficient on a variable; "a = 3" alone is an assignment.
const FORMULA_MARK = /[a-z]\s*(?:\^|\*\*)|\d\*?[a-z](?![\p{L}])/u;

export interface ExpressionMention extends Span {
  /** As written, minus a leading "y =" or "f(x) =", with `^` written as `**`. */
  expression: string;
}

export function findExpressions(text: string): ExpressionMention[] {
  const out: ExpressionMention[] = [];
  for (const m of text.matchAll(EXPRESSION)) {
    const written = m[0].trim();
    if (!FORMULA_MARK.test(written)) continue;
    const start = m.index + m[0].indexOf(written);
    const expression = written.replace(/^[a-z]\s*(?:\(\s*[a-z]\s*\))?\s*=\s*/, '').replace(/\s*\^\s*/g, '**');
    out.push({ start, end: start + written.length, expression });
  }
  return out;
}
