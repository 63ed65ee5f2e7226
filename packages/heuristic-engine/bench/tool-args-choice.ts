// Does the engine's choice of a tool survive changes to the offer that do not change the right answer?
// BFCL's own figures offer each question a fixed set of functions; a user's model offers whatever it
// has. Over the BFCL tune half (development data, never the report half):
// (a) distractors: each simple or multiple item again with k functions of other tune-half items added
//     to its offer, before, after or spread among its own. The right call stays right: the call must
//     stay the same (at worst become a question back or a decline), never become another call;
// (b) right tool taken away: each simple or multiple item with its right function removed and k
//     functions of other items offered instead (an irrelevance set made at scale), and each irrelevance
//     item with k more functions: nothing serves the question, so any call is confidently wrong and
//     the right answer is a decline. A multiple item is also asked with its other functions kept
//     ("own kept"): BFCL's neighbours of the right one, some of which serve the question in part, so
//     that row is harder and its calls are not all plainly wrong.
// (c) near misses: each simple or multiple item again with a copy of its right function that does
//     something else in the same domain, made by rule: the key word of its name (its last word past
//     request verbs: "area" of "triangle_area") is swapped, in the name and the description, for the
//     key word of another tune-half function that shares a name word with it ("perimeter" of
//     "triangle_perimeter"), one the question does not use; same parameters. Calling the copy is
//     confidently wrong; the call must stay the same, or become a question back.
// The added functions are "unrelated": no word of their name (past request verbs such as "get") is a
// word of a name the item offers or of its question; they are picked and placed by a seeded hash of the
// item and the function, so a run is deterministic and the k = 1 set is inside the k = 3 set inside
// the k = 8 set.
// Run: FNQ_SHARED_DATA=/work/shared/data node --import tsx bench/tool-args-choice.ts [--show-failures]
//      [--positions=all] (every item at every position, 3× the time; default: one position per item)
import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { nameWords, stemMatch, stemOf, terms } from '@fnquery/text-tools';
import { isMain } from './stats';
import {
  acceptedByOne,
  firstTurn,
  loadHalves,
  type BfclFunction,
  type Call,
  type Category,
  type Item,
} from './tool-args';

const SEED = 'fnquery/tool-args-choice/2026-11-27';
const KS = [1, 3, 8] as const;
const POSITIONS = ['before', 'after', 'spread'] as const;
type Position = (typeof POSITIONS)[number];

/** Name words that say how a function is asked, not what it is about. */
const REQUEST_VERBS = new Set(
  'get set find calculate compute fetch retrieve search list create update check'.split(' ').map(stemOf),
);

const hash = (...parts: string[]) =>
  createHash('sha256')
    .update([SEED, ...parts].join('\u0000'))
    .digest();
const hashNumber = (...parts: string[]) => hash(...parts).readUInt32BE(0);

const topicWords = (fn: BfclFunction) =>
  nameWords(fn.name)
    .map(stemOf)
    .filter((w) => w.length > 2 && !REQUEST_VERBS.has(w));

/**
 * Up to k functions of the pool, in seeded order, that share no name word with a function the item
 * offers or a word with its question: a function the question names (a "restaurant" function for a
 * question about a restaurant) may serve it, and is no distractor.
 */
function distractors(pool: BfclFunction[], item: Item, k: number): BfclFunction[] {
  const ownNames = new Set(item.functions.map((f) => f.name));
  const ownWords = new Set([...item.functions.flatMap(topicWords), ...terms(item.question)]);
  return pool
    .filter((f) => !ownNames.has(f.name) && !topicWords(f).some((w) => ownWords.has(w)))
    .map((f) => ({ f, order: hash(item.id, f.name).toString('hex') }))
    .sort((a, b) => (a.order < b.order ? -1 : 1))
    .slice(0, k)
    .map((x) => x.f);
}

/** The item's functions with `added` put before, after, or each at a seeded place among them. */
function placed(own: BfclFunction[], added: BfclFunction[], position: Position, itemId: string): BfclFunction[] {
  if (position === 'before') return [...added, ...own];
  if (position === 'after') return [...own, ...added];
  const offer = [...own];
  for (const f of added) offer.splice(hashNumber(itemId, f.name, 'at') % (offer.length + 1), 0, f);
  return offer;
}

type Kind = 'call' | 'ask' | 'decline';
const DECLINES = [/^None of the available functions/, /^I have no function/];
function outcome(item: Item): { kind: Kind; calls: Call[]; text: string | null } {
  const { calls, text } = firstTurn(item);
  if (calls.length > 0) return { kind: 'call', calls, text };
  return { kind: DECLINES.some((d) => d.test(text ?? '')) ? 'decline' : 'ask', calls, text };
}

const rightCalls = (item: Item, calls: Call[]) =>
  calls.length === (item.expected ?? []).length && calls.every((c) => acceptedByOne(item, c));

export interface DistractorFigures {
  /** Items the engine calls on as offered, and what became of those calls. */
  calls: number;
  unchanged: number;
  toAskOrDecline: number;
  toAnotherCall: number;
  /** Items it asks about or declines as offered, and those that became a call (right or wrong). */
  noCalls: number;
  toRightCall: number;
  toWrongCall: number;
  /** Calls no right call accepts, with the distractors (the same items as offered: `wrongAsOffered`). */
  wrong: number;
  wrongAsOffered: number;
}

export interface TakenAwayFigures {
  items: number;
  declines: number;
  asks: number;
  /** Every call is confidently wrong: nothing offered serves the question. */
  calls: number;
}

export interface ChoiceFigures {
  distractors: Record<number, DistractorFigures>;
  /** (c), counted as (a) with k = 1: the near miss of the right function added. */
  nearMiss: DistractorFigures;
  takenAway: Record<string, Record<number, TakenAwayFigures>>;
}

const noDistractorFigures = (): DistractorFigures => ({
  calls: 0,
  unchanged: 0,
  toAskOrDecline: 0,
  toAnotherCall: 0,
  noCalls: 0,
  toRightCall: 0,
  toWrongCall: 0,
  wrong: 0,
  wrongAsOffered: 0,
});

const describe = (o: ReturnType<typeof outcome>) => (o.kind === 'call' ? JSON.stringify(o.calls) : o.text);

export async function run(showFailures = false, allPositions = false): Promise<ChoiceFigures | undefined> {
  const halves = await loadHalves('tune');
  if (halves.size === 0) return undefined;
  const pool = [...new Map([...halves.values()].flat().flatMap((i) => i.functions.map((f) => [f.name, f]))).values()];
  const figures: ChoiceFigures = { distractors: {}, takenAway: {}, nearMiss: noDistractorFigures() };
  const show = (what: string, item: Item, offer: BfclFunction[], before: string | null, after: string | null) => {
    if (showFailures)
      console.log(
        JSON.stringify({ what, id: item.id, question: item.question, offer: offer.map((f) => f.name), before, after }),
      );
  };
  const chosen: Category[] = ['simple_python', 'multiple'];
  for (const category of chosen) {
    for (const item of halves.get(category) ?? []) {
      const asOffered = outcome(item);
      const rightFns = new Set((item.expected ?? []).flatMap((e) => Object.keys(e)));
      for (const k of KS) {
        const added = distractors(pool, item, k);
        const positions = allPositions ? POSITIONS : [POSITIONS[hashNumber(item.id, String(k)) % POSITIONS.length]!];
        for (const position of positions) {
          const offer = placed(item.functions, added, position, item.id);
          tallyChanged((figures.distractors[k] ??= noDistractorFigures()), item, asOffered, offer, `(a) k=${k}`, show);
        }
      }
      const right = item.functions.find((f) => rightFns.has(f.name));
      const near = right && nearMiss(right, pool, item);
      if (near)
        tallyChanged(figures.nearMiss, item, asOffered, placed(item.functions, [near], 'spread', item.id), '(c)', show);
      // (b) the right function taken away, k functions of other items instead; for a multiple item, once
      // more with its other functions kept (BFCL's own neighbours: some of them serve the question in part).
      const others = item.functions.filter((f) => !rightFns.has(f.name));
      for (const k of KS) {
        const added = distractors(pool, item, k);
        tallyTakenAway(figures, category, k, added, item, show);
        if (others.length > 0)
          tallyTakenAway(figures, `${category}, own kept`, k, placed(others, added, 'spread', item.id), item, show);
      }
    }
  }
  for (const item of halves.get('irrelevance') ?? [])
    for (const k of KS) {
      const offer = placed(item.functions, distractors(pool, item, k), 'spread', item.id);
      tallyTakenAway(figures, 'irrelevance', k, offer, item, show);
    }
  return figures;
}

type Show = (what: string, item: Item, offer: BfclFunction[], before: string | null, after: string | null) => void;

/** What became of the item's call, or its ask or decline, with `offer` instead of its own functions. */
function tallyChanged(
  f: DistractorFigures,
  item: Item,
  asOffered: ReturnType<typeof outcome>,
  offer: BfclFunction[],
  what: string,
  show: Show,
): void {
  const now = outcome({ ...item, functions: offer });
  const wrongNow = now.kind === 'call' && !rightCalls(item, now.calls);
  if (asOffered.kind === 'call' && !rightCalls(item, asOffered.calls)) f.wrongAsOffered++;
  if (wrongNow) f.wrong++;
  if (asOffered.kind === 'call') {
    f.calls++;
    if (isDeepStrictEqual(now.calls, asOffered.calls)) f.unchanged++;
    else if (now.kind !== 'call') f.toAskOrDecline++;
    else {
      f.toAnotherCall++;
      show(`${what}: another call`, item, offer, describe(asOffered), describe(now));
    }
  } else {
    f.noCalls++;
    if (now.kind === 'call') {
      if (wrongNow) f.toWrongCall++;
      else f.toRightCall++;
      if (wrongNow) show(`${what}: a wrong call`, item, offer, describe(asOffered), describe(now));
    }
  }
}

/** The key word of a function's name: its last word past request verbs ("area" of "triangle_area"). */
const keyWord = (fn: BfclFunction): string | undefined =>
  nameWords(fn.name)
    .filter((w) => w.length > 2 && !REQUEST_VERBS.has(stemOf(w)))
    .at(-1);

/**
 * A copy of `fn` that does something else in its domain: its key word swapped, in the name and the
 * description, for the key word of a pool function that shares a name word with it and that the
 * question does not use, picked by a seeded hash. Undefined when no function shares its domain.
 */
function nearMiss(fn: BfclFunction, pool: BfclFunction[], item: Item): BfclFunction | undefined {
  const key = keyWord(fn);
  if (!key) return undefined;
  const own = new Set(topicWords(fn));
  // Words the question uses, and the question's words run together ("look up" for "lookup").
  const written = terms(item.question);
  const used = [...own, ...written, ...written.slice(1).map((w, i) => `${written[i]!}${w}`)];
  const swaps = [
    ...new Set(
      pool
        .filter((f) => f.name !== fn.name && topicWords(f).some((w) => own.has(w)))
        .map(keyWord)
        .filter((w): w is string => w !== undefined && !used.some((u) => stemMatch(u, stemOf(w)) >= 0.6)),
    ),
  ].sort((a, b) => (hash(item.id, a).toString('hex') < hash(item.id, b).toString('hex') ? -1 : 1));
  const swap = swaps[0];
  if (!swap) return undefined;
  const word = new RegExp(`(?<![\\p{L}])${key}(?:s|es)?(?![\\p{L}])`, 'giu');
  const at = fn.name.toLowerCase().lastIndexOf(key);
  const name = `${fn.name.slice(0, at)}${swap}${fn.name.slice(at + key.length)}`;
  return item.functions.some((f) => f.name === name)
    ? undefined
    : { ...fn, name, description: fn.description.replace(word, swap) };
}

function tallyTakenAway(
  figures: ChoiceFigures,
  category: string,
  k: number,
  offer: BfclFunction[],
  item: Item,
  show: Show,
): void {
  const row = (figures.takenAway[category] ??= {});
  const f = (row[k] ??= { items: 0, declines: 0, asks: 0, calls: 0 });
  const now = outcome({ ...item, functions: offer });
  f.items++;
  if (now.kind === 'decline') f.declines++;
  else if (now.kind === 'ask') f.asks++;
  else {
    f.calls++;
    show(`(b) ${category} k=${k}: a call with nothing that serves`, item, offer, null, describe(now));
  }
}

export function print(figures: ChoiceFigures | undefined): void {
  if (!figures) {
    console.log('BFCL data not found: skipped (see ../shared/data/README.md).');
    return;
  }
  console.log('BFCL v4 tune half (development data), choice under changes to the offer that keep the right answer');
  console.log('\n(a) k unrelated functions of other items added (simple_python + multiple):');
  console.log(
    '  k  calls  unchanged  to ask/decline  to another call  |  no call  to right call  to wrong call  |  confidently wrong: as offered → with distractors',
  );
  for (const [k, f] of Object.entries(figures.distractors))
    console.log(
      `  ${k.padStart(1)}  ${String(f.calls).padStart(5)}  ${String(f.unchanged).padStart(9)}  ${String(f.toAskOrDecline).padStart(14)}  ${String(f.toAnotherCall).padStart(15)}  |  ${String(f.noCalls).padStart(7)}  ${String(f.toRightCall).padStart(13)}  ${String(f.toWrongCall).padStart(13)}  |  ${f.wrongAsOffered} → ${f.wrong}`,
    );
  const c = figures.nearMiss;
  console.log(
    `\n(c) a near miss of the right function added (its key word swapped for another of its domain): of ${c.calls} calls, ${c.unchanged} unchanged, ${c.toAskOrDecline} to ask/decline, ${c.toAnotherCall} to another call; of ${c.noCalls} asks/declines, ${c.toRightCall} to a right call, ${c.toWrongCall} to a wrong one; confidently wrong ${c.wrongAsOffered} → ${c.wrong}`,
  );
  console.log(
    '\n(b) the right function taken away, k functions of other items offered instead (irrelevance: k added): every call is confidently wrong',
  );
  console.log('  set                  k  items  declines  asks  calls (confidently wrong)');
  for (const [category, row] of Object.entries(figures.takenAway))
    for (const [k, f] of Object.entries(row))
      console.log(
        `  ${category.padEnd(19)} ${k.padStart(2)}  ${String(f.items).padStart(5)}  ${String(f.declines).padStart(8)}  ${String(f.asks).padStart(4)}  ${String(f.calls).padStart(5)}`,
      );
}

if (isMain(import.meta.url)) {
  if (process.argv.some((a) => a.startsWith('--half=') && a !== '--half=tune'))
    throw new Error('the choice bench reads the tune half only: the report half is read as totals, by tool-args.ts');
  print(await run(process.argv.includes('--show-failures'), process.argv.includes('--positions=all')));
}
