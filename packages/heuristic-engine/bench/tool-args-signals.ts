// General signals of a call, judged from the question, the function's schema and the arguments sent,
// and nothing else: no item, function or answer is known here. `bench/tool-args.ts --signals` counts,
// per signal, the right calls and the wrong calls of the tune half that carry it, so that a precision
// rule is chosen by what it would cost in right calls and save in wrong ones, not fitted to one item.
import { nameWords, stemOf, terms, tokenize } from '@fnquery/text-tools';

type Json = Record<string, unknown>;
export interface SignalFunction {
  name: string;
  description: string;
  parameters: Json & { properties?: Record<string, Json>; required?: string[] };
}
export interface JudgedCall {
  category: string;
  question: string;
  fn: SignalFunction;
  args: Json;
  right: boolean;
  /** With this call's function taken away, the engine still calls another offered function. */
  runnerUp: boolean;
}

export const SIGNALS = {
  freeNotSpan: 'a free-text value that is no span of the question',
  numberNotWritten: 'a number the question does not write (digits, k/m, percent, words)',
  oneSpanTwice: 'one written value fills two arguments',
  twoSameTyped: 'two arguments of one type (number or free text) both filled from the question',
  enumNotWritten: 'an enum option the question does not write',
  optionalNotWritten: 'an optional argument whose value the question does not write',
  optionalBoolean: 'an optional boolean sent',
  unreadHalf: 'half or more of the question content words accounted for by nothing',
  unreadThird: 'a third or more of the question content words accounted for by nothing',
  cutName: 'a string value cut from a longer capitalised name',
  runnerUp: 'another offered function would be called without this one',
  noNameWord: "no word of the function's name (but generic verbs) in the question",
  noPurposeWord: "no word of the function's name or its description's first sentence in the question",
  uncuedPair: 'two arguments of one type, neither with a word of its own name within 4 words of its value',
  uncuedNumbers: 'two numbers, neither with a word of its own name within 4 words of its value',
  uncuedText: 'two free-text values, neither with a word of its own name within 4 words of its value',
  optionalNamedUnsent: 'an optional property left out whose own name the question writes',
  listShort: 'a list sent with fewer items than the prose list the question writes it in',
  endsBeforeOf: 'a free-text value the question goes on with "of" and a content word',
} as const;
export type Signal = keyof typeof SIGNALS;

/** As BFCL compares strings: lower case, without spaces and common punctuation. */
const squeeze = (s: string) => s.toLowerCase().replace(/[\s,./\-_*^'"()]/g, '');

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  twenty: 20,
  thirty: 30,
  fifty: 50,
  hundred: 100,
  thousand: 1000,
  million: 1e6,
  billion: 1e9,
  half: 0.5,
  quarter: 0.25,
  once: 1,
  twice: 2,
  single: 1,
  double: 2,
  pair: 2,
  dozen: 12,
};

/** Every number the question writes, in the forms a reader takes them in. */
function writtenNumbers(question: string): Set<number> {
  const out = new Set<number>();
  for (const m of question.matchAll(/(\d[\d,]*(?:\.\d+)?|\.\d+)\s*(k|m|million|billion|thousand|%|percent)?\b/gi)) {
    const n = Number(m[1]!.replace(/,/g, ''));
    const scale = m[2]?.toLowerCase();
    out.add(n);
    out.add(n / 100);
    if (scale === 'k' || scale === 'thousand') out.add(n * 1e3);
    if (scale === 'm' || scale === 'million') out.add(n * 1e6);
    if (scale === 'billion') out.add(n * 1e9);
  }
  for (const t of tokenize(question)) if (t.lower in NUMBER_WORDS) out.add(NUMBER_WORDS[t.lower]!);
  return out;
}

const GENERIC = new Set(
  'get find calculate compute calc fetch retrieve search list show check create make set update info data details by for of the and to from'
    .split(' ')
    .map(stemOf),
);

const isFree = (schema: Json | undefined) => schema?.type === 'string' && !Array.isArray(schema.enum);

/** The values of an argument one by one (the items of a list). */
const leaves = (value: unknown): unknown[] => (Array.isArray(value) ? value.flatMap(leaves) : [value]);

/** Where a string value sits in the question, case-insensitively, or -1. */
const spanAt = (question: string, value: string) => question.toLowerCase().indexOf(value.toLowerCase());

function cutFromName(question: string, value: string): boolean {
  const at = spanAt(question, value);
  if (at < 0 || !/^\p{Lu}/u.test(value)) return false;
  const before = /(\p{Lu}[\p{L}]*)\s+$/u.exec(question.slice(0, at));
  const after = /^\s+(\p{Lu}[\p{L}]*)/u.exec(question.slice(at + value.length));
  const sentenceStart = before && /(?:^|[.!?]\s+)$/.test(question.slice(0, before.index));
  return (before !== null && !sentenceStart) || (after !== null && /\p{Lu}\S*$/u.test(value));
}

/** A word of the property's own name within 4 words either side of where its value is written. */
function cued(question: string, name: string, value: unknown): boolean {
  const tokens = tokenize(question).filter((t) => t.word);
  const at = question.toLowerCase().indexOf(String(value).toLowerCase());
  const index = tokens.findIndex((t) => t.end > at);
  if (at < 0 || index < 0) return false;
  const near = new Set(tokens.slice(Math.max(0, index - 4), index + 5).map((t) => t.stem));
  return nameWords(name)
    .map(stemOf)
    .some((s) => s.length > 1 && !GENERIC.has(s) && near.has(s));
}

/** The question writes the value and goes on with "of" and a content word ("12 pack of water"). */
function goesOnWithOf(question: string, value: string): boolean {
  const at = spanAt(question, value);
  if (at < 0) return false;
  const next = tokenize(question.slice(at + value.length)).filter((t) => t.word);
  return /^\s+of\s/i.test(question.slice(at + value.length)) && next[1] !== undefined && !next[1].stop;
}

/** The kinds of which two arguments are written, neither tied to its property by the property's own words. */
function uncuedKinds(call: JudgedCall): Set<string> {
  const props = call.fn.parameters.properties ?? {};
  const kinds = new Map<string, number>();
  for (const [name, value] of Object.entries(call.args)) {
    const kind = typeof value === 'number' ? 'number' : isFree(props[name]) ? 'text' : undefined;
    if (!kind || cued(call.question, name, value)) continue;
    if (spanAt(call.question, String(value)) < 0 && typeof value === 'string') continue;
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  return new Set([...kinds].filter(([, n]) => n >= 2).map(([kind]) => kind));
}

function unreadShare(call: JudgedCall): number {
  const props = call.fn.parameters.properties ?? {};
  const known = new Set<string>([
    ...nameWords(call.fn.name).map(stemOf),
    ...terms(call.fn.description),
    ...Object.entries(props).flatMap(([name, schema]) => [
      ...nameWords(name).map(stemOf),
      ...terms(String(schema.description ?? '')),
      ...terms(JSON.stringify(schema.enum ?? [])),
    ]),
    ...terms(JSON.stringify(call.args)),
  ]);
  const content = tokenize(call.question).filter((t) => t.word && !t.stop && !/^\d/.test(t.text) && t.text.length > 2);
  if (content.length === 0) return 0;
  return content.filter((t) => !known.has(t.stem)).length / content.length;
}

export function signalsOf(call: JudgedCall): Set<Signal> {
  const out = new Set<Signal>();
  const props = call.fn.parameters.properties ?? {};
  const required = new Set(call.fn.parameters.required ?? []);
  const numbers = writtenNumbers(call.question);
  const q = squeeze(call.question);
  const written = (schema: Json | undefined, value: unknown): boolean => {
    if (typeof value === 'number') return numbers.has(value) || [...numbers].some((n) => Math.abs(n - value) < 1e-9);
    if (typeof value === 'string') return q.includes(squeeze(value));
    return true;
  };
  const byType = new Map<string, number>();
  const seen = new Map<string, number>();
  for (const [name, value] of Object.entries(call.args)) {
    const schema = props[name];
    const items = leaves(value);
    const itemSchema = (schema?.type === 'array' ? (schema.items as Json | undefined) : schema) ?? {};
    for (const item of items) {
      if (typeof item === 'number' && !written(itemSchema, item)) out.add('numberNotWritten');
      if (typeof item === 'string' && !written(itemSchema, item))
        out.add(Array.isArray(itemSchema.enum) ? 'enumNotWritten' : 'freeNotSpan');
      if (typeof item === 'string' && isFree(itemSchema) && cutFromName(call.question, item)) out.add('cutName');
      if (typeof item === 'string' || typeof item === 'number') {
        const key = squeeze(String(item));
        seen.set(key, (seen.get(key) ?? 0) + 1);
      }
    }
    if (!required.has(name)) {
      if (typeof value === 'boolean') out.add('optionalBoolean');
      else if (items.some((i) => !written(itemSchema, i))) out.add('optionalNotWritten');
    }
    const kind = typeof value === 'number' ? 'number' : isFree(schema) ? 'text' : undefined;
    if (kind && written(schema, value)) byType.set(kind, (byType.get(kind) ?? 0) + 1);
  }
  for (const [key, count] of seen) {
    if (count < 2 || key === '') continue;
    const times = q.split(key).length - 1;
    if (times < count) out.add('oneSpanTwice');
  }
  if ([...byType.values()].some((n) => n >= 2)) out.add('twoSameTyped');
  const uncued = uncuedKinds(call);
  if (uncued.size > 0) out.add('uncuedPair');
  if (uncued.has('number')) out.add('uncuedNumbers');
  if (uncued.has('text')) out.add('uncuedText');
  for (const [name, value] of Object.entries(call.args))
    if (typeof value === 'string' && isFree(props[name]) && goesOnWithOf(call.question, value)) out.add('endsBeforeOf');
  const asked0 = new Set(tokenize(call.question).map((t) => t.stem));
  for (const [name] of Object.entries(props)) {
    if (required.has(name) || name in call.args) continue;
    const own = nameWords(name)
      .map(stemOf)
      .filter((w) => w.length > 2 && !GENERIC.has(w));
    if (own.some((w) => asked0.has(w))) out.add('optionalNamedUnsent');
  }
  for (const value of Object.values(call.args))
    if (Array.isArray(value) && value.length > 0 && typeof value[0] === 'string') {
      const at = spanAt(call.question, value[0]);
      const around = at < 0 ? '' : call.question.slice(Math.max(0, at - 80), at + 120);
      const listed = /(?:[^,.;?]+,){1,}[^,.;?]*\band\s[^,.;?]+/.exec(around)?.[0].split(/,|\band\b/).length ?? 0;
      if (listed > value.length) out.add('listShort');
    }
  const unread = unreadShare(call);
  if (unread >= 0.5) out.add('unreadHalf');
  if (unread >= 1 / 3) out.add('unreadThird');
  if (call.runnerUp) out.add('runnerUp');
  const own = nameWords(call.fn.name)
    .map(stemOf)
    .filter((s) => !GENERIC.has(s) && s.length > 1);
  const asked = new Set(tokenize(call.question).map((t) => t.stem));
  if (own.length > 0 && !own.some((s) => asked.has(s))) out.add('noNameWord');
  const purpose = [...own, ...terms(call.fn.description.split(/\.\s/)[0] ?? '')].filter((s) => !GENERIC.has(s));
  if (purpose.length > 0 && !purpose.some((s) => asked.has(s))) out.add('noPurposeWord');
  return out;
}

/** Per signal: right and wrong calls carrying it, over all sets and per set. */
export function printSignals(calls: JudgedCall[], listWrong: boolean): void {
  const categories = [...new Set(calls.map((c) => c.category))];
  const tally = (filter: (c: JudgedCall) => boolean) => {
    const chosen = calls.filter(filter);
    return `${chosen.filter((c) => c.right).length}/${chosen.filter((c) => !c.right).length}`;
  };
  const judged = calls.map((c) => ({ call: c, signals: signalsOf(c) }));
  const has = (s: Signal) => (c: JudgedCall) => judged.find((j) => j.call === c)!.signals.has(s);
  console.log(
    `\nsignals of every call made on the tune half: right/wrong calls carrying each (all: ${tally(() => true)} right/wrong)`,
  );
  console.log(
    `${'signal'.padEnd(16)} ${'all'.padStart(7)} ${categories.map((c) => c.slice(0, 12).padStart(12)).join(' ')}  meaning`,
  );
  for (const [signal, meaning] of Object.entries(SIGNALS) as [Signal, string][]) {
    const row = categories.map((cat) => tally((c) => c.category === cat && has(signal)(c)).padStart(12));
    console.log(`${signal.padEnd(16)} ${tally(has(signal)).padStart(7)} ${row.join(' ')}  ${meaning}`);
  }
  const none = (c: JudgedCall) => judged.find((j) => j.call === c)!.signals.size === 0;
  console.log(`${'(none)'.padEnd(16)} ${tally(none).padStart(7)}`);
  console.log('\npairs of signals where the wrong calls are at least as many as the right ones:');
  const names = Object.keys(SIGNALS) as Signal[];
  for (const [i, a] of names.entries())
    for (const b of names.slice(i + 1)) {
      const both = (c: JudgedCall) => has(a)(c) && has(b)(c);
      const chosen = calls.filter(both);
      const wrong = chosen.filter((c) => !c.right).length;
      if (wrong > 0 && wrong >= chosen.length - wrong) console.log(`  ${a} + ${b}: ${tally(both)}`);
    }
  if (!listWrong) return;
  for (const { call, signals } of judged)
    console.log(
      JSON.stringify({
        right: call.right,
        category: call.category,
        question: call.question,
        call: { [call.fn.name]: call.args },
        signals: [...signals],
      }),
    );
}
