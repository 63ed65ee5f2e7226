// Questions that want several calls of one tool ("the square root of 49, 64 and 81", "the weather in
// Oslo and Bergen"). One call would answer part of the question and look like the whole answer, so
// the engine either makes every call, each with its values settled, or makes none and says why.
// - A list of values for a property that takes one value (no array property takes the list) fans
//   out: one call per item, the rest of the question shared. Two such lists give every combination,
//   or pairs in order with "respectively". Each call is read from the question with the list replaced
//   by its one item, so every call is read by the same rules as a single one; a call that does not
//   send its item is no fan-out.
// - Otherwise, a list that would fan out, or a property for which the question writes two values
//   with as much evidence ("a radius of 5 … a radius of 10"), means several calls the engine cannot
//   settle: no call.
// - "Between A and B" writes the two ends of one thing (a trip, a range), never a list for two calls.
import type { ToolDefinition } from '@fnquery/contracts';
import { extractArguments, type Extraction } from './arguments';
import { orderSettles } from './order';
import { convert } from './conversion';
import { readQuestion, type Candidate, type Question, type Span } from './question';
import { toolShape, type Slot } from './slots';
import { LIST_ITEM_FIT, OPTIONAL_EVIDENCE } from '../weights';

type Enumeration = Extract<Candidate, { kind: 'enumeration' }>;

export type Plan =
  /** One call, or a question back: the single reading stands. */
  | { kind: 'single' }
  /** Several calls, every value settled. */
  | { kind: 'several'; calls: Record<string, unknown>[] }
  /** Several calls wanted (or one of several values), but which values go to which call is not settled: `why` says so. */
  | { kind: 'unsettled'; why: string }
  /** The fanned-out calls lack values the question does not give. */
  | { kind: 'missing'; missing: Slot[] };

const SCALAR = new Set(['string', 'integer', 'number']);
const MAX_CALLS = 8;

const joinLabels = (slots: Slot[]) => slots.map((s) => s.label).join(' or ');
const overlaps = (a: Span, b: Span) => a.start < b.end && a.end > b.start;

/** Items that are values by their form: numbers, dates, names, quoted text; not loose lower-case words. */
const isValue = (c: Candidate) =>
  c.kind === 'number' ||
  c.kind === 'date' ||
  c.kind === 'list' ||
  (c.kind === 'text' && (c.source === 'name' || c.source === 'quoted' || c.source === 'identifier'));

/**
 * Lists of values that the single call sends one item of, to a property that takes one value, and
 * that no array property takes whole: the other items are values for other calls.
 */
const valueLists = (question: Question) =>
  question.candidates.filter(
    (c): c is Enumeration =>
      c.kind === 'enumeration' && c.members.length >= 2 && c.members.every(isValue) && !betweenPair(question, c),
  );

/** "Between Leeds and York": the two ends of one trip or range, not values for two calls. */
const betweenPair = (question: Question, list: Enumeration) =>
  list.members.length === 2 && /\bbetween\s+(?:the\s+)?$/i.test(question.text.slice(0, list.start));
const sentItems = (list: Enumeration, single: Extraction) =>
  list.members.filter((m) => single.used.some((u) => overlaps(u, m))).length;
const takenWhole = (slots: Slot[], list: Enumeration) =>
  slots.some((s) => s.type === 'array' && (convert(s, list)?.fit ?? 0) >= LIST_ITEM_FIT);

function fanOutLists(slots: Slot[], question: Question, single: Extraction): Enumeration[] {
  const fanning = valueLists(question).filter((list) => {
    const sent = sentItems(list, single);
    const scalar = slots.some(
      (s) => SCALAR.has(s.type) && list.members.every((m) => (convert(s, m)?.fit ?? 0) >= LIST_ITEM_FIT),
    );
    const asArray = takenWhole(slots, list);
    // "2 and 7, 6 and 11" lists pairs, not values: which call each belongs to is not plain.
    const gaps = list.members.slice(1).map((m, i) => question.text.slice(list.members[i]!.end, m.start));
    const grouped = gaps.filter((g) => /\b(?:and|or)\b|&/.test(g)).length > 1;
    const inPairs = question.keyValues.some((kv) => kv.keyStart < list.end && kv.valueStart + 1 > list.start);
    // "Lyon, France and Oslo, Norway": a list of names that may be "City, Region" pairs.
    const qualified = question.candidates.some((c) => c.kind === 'text' && c.parts && overlaps(c, list));
    return sent === 1 && scalar && !asArray && !grouped && !inPairs && !qualified;
  });
  // Of overlapping lists, the longest.
  return fanning.filter(
    (list) => !fanning.some((o) => o !== list && overlaps(o, list) && o.end - o.start > list.end - list.start),
  );
}

/** The question with each list replaced by one of its items: every combination, or in step with "respectively". */
function variants(text: string, lists: Enumeration[]): { text: string; spans: Span[] }[] {
  const respectively = /\brespectively\b/i.test(text);
  const inStep = respectively && lists.every((l) => l.members.length === lists[0]!.members.length);
  const choices: Candidate[][] = inStep
    ? lists[0]!.members.map((_, i) => lists.map((l) => l.members[i]!))
    : lists.reduce<Candidate[][]>(
        (acc, list) => acc.flatMap((picked) => list.members.map((m) => [...picked, m])),
        [[]],
      );
  return choices.map((picked) => {
    // Replace from the end, so earlier offsets hold; then find each item's place in the new text.
    const order = lists.map((l, i) => ({ list: l, item: picked[i]! })).sort((a, b) => b.list.start - a.list.start);
    let out = text;
    for (const { list, item } of order)
      out = out.slice(0, list.start) + text.slice(item.start, item.end) + out.slice(list.end);
    let shift = 0;
    const spans = order.reverse().map(({ list, item }) => {
      const start = list.start + shift;
      const length = item.end - item.start;
      shift += length - (list.end - list.start);
      return { start, end: start + length };
    });
    return { text: out, spans };
  });
}

export function planCalls(tool: ToolDefinition, question: Question, single: Extraction): Plan {
  const { slots } = toolShape(tool);
  const lists = fanOutLists(slots, question, single);
  // A list the call sends part of ("legs 3 and 4, 6 and 8"): the rest are values for other calls.
  // Items of one list sent to different properties need evidence for each ("width and depth as 7
  // and 12"): listed together, they are more likely values of one property.
  const partly = valueLists(question).some((list) => {
    const sent = sentItems(list, single);
    const spread = single.used.filter((u) => list.members.some((m) => overlaps(u, m)));
    const names = list.members.every((m) => m.kind === 'text');
    return (
      (sent > 0 && sent < list.members.length && !takenWhole(slots, list)) ||
      (names &&
        spread.length === 2 &&
        spread.some((u) => u.strong < OPTIONAL_EVIDENCE) &&
        !orderSettles(spread[0]!.slot, spread[1]!.slot))
    );
  });
  // Bracketed groups ("(2, 3) and (5, 7)") keep values together: a call that takes values out of two
  // of them mixes them, and one that sends a group but none of another of its size leaves it out.
  const groups = question.candidates.filter((g) => g.kind === 'list' && g.items.length >= 2);
  const sentFrom = (g: Candidate) => single.used.filter((u) => overlaps(u, g));
  const groupsMixed =
    groups.filter((g) => sentFrom(g).some((u) => u.start > g.start || u.end < g.end)).length >= 2 ||
    groups.some(
      (g) =>
        g.kind === 'list' &&
        sentFrom(g).length > 0 &&
        groups.some((o) => o.kind === 'list' && o.items.length === g.items.length && sentFrom(o).length === 0),
    );
  // "respectively" pairs two lists item by item: with fewer lists to pair, which goes with which is open.
  const unpaired = /\brespectively\b/i.test(question.text) && lists.length === 1;
  if ((lists.length === 0 && (partly || groupsMixed)) || unpaired)
    return {
      kind: 'unsettled',
      why: `The question lists values for several calls of ${tool.name}, and I could not tell which values belong to which call, so I made none: please ask for one at a time.`,
    };
  if (lists.length === 0)
    return single.contested.length > 0
      ? {
          kind: 'unsettled',
          why: `The question gives more than one ${joinLabels(single.contested)}, and I could not tell which to use or whether you want one call of ${tool.name} for each, so I made no call: please ask for one at a time.`,
        }
      : { kind: 'single' };
  const unsettled: Plan = {
    kind: 'unsettled',
    why: `The question lists values for several calls of ${tool.name}, and I could not tell which values belong to which call, so I made none: please ask for one at a time.`,
  };
  // Two lists of one kind ("36 and 48 … 60 and 96") may be pairs as well as combinations.
  const sameKind = lists.length === 2 && lists[0]!.members[0]!.kind === lists[1]!.members[0]!.kind;
  const forms = variants(question.text, lists.slice(0, 2));
  if (lists.length > 2 || sameKind || forms.length > MAX_CALLS) return unsettled;
  const calls: Record<string, unknown>[] = [];
  const missing = new Set<Slot>();
  for (const form of forms) {
    const extraction = extractArguments(tool, readQuestion(form.text, question.uncased));
    extraction.missing.forEach((s) => missing.add(s));
    const sendsItems = form.spans.every((span) => extraction.used.some((u) => overlaps(u, span)));
    if (!sendsItems || extraction.contested.length > 0) return unsettled;
    calls.push(extraction.arguments);
  }
  if (missing.size > 0) return { kind: 'missing', missing: slots.filter((s) => missing.has(s)) };
  const distinct = [...new Map(calls.map((c) => [JSON.stringify(c), c])).values()];
  return distinct.length >= 2 ? { kind: 'several', calls: distinct } : { kind: 'single' };
}
