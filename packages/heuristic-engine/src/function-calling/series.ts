// Where a property sits in its schema is the author's choice, not part of what it means: `num2`
// listed before `num1`, or `end_year` before `start_year`, still names the second number and the
// end of the period. Values that nothing else places are read in schema order, so a series of
// properties is first put in the order its names give (numbered, lettered or ordinal members, a
// range's low end before its high end), inside the positions the series already holds. A reading
// then no longer depends on which way round the author happened to list them.

/** What the ordering reads of a property (a `Slot`: structural, so that slots.ts can use this file). */
interface SeriesSlot {
  name: string;
  path: string[];
  type: string;
  order: number;
}

export const LOWER_END = new Set([
  'start',
  'begin',
  'from',
  'min',
  'minimum',
  'lower',
  'low',
  'initial',
  'earliest',
  'since',
]);
export const UPPER_END = new Set([
  'end',
  'finish',
  'to',
  'max',
  'maximum',
  'upper',
  'high',
  'final',
  'latest',
  'until',
]);
const ORDINAL_RANK: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4, fifth: 5 };

/** A property name's words, lower case: `maxPrice` → max, price; `num_2` → num, 2. */
export const nameWordsOf = (name: string) =>
  name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

interface Member {
  /** The name without its place in the series: `num2` → `num`, `end_year` → `year`. */
  base: string;
  rank: number;
  /** A letter rank (`a`, `b`; `x`, `y`): a series only when its letters follow one another. */
  letter: boolean;
}

/** A property's place in a series, read off its name; undefined when its name gives none. */
export function seriesMember(name: string): Member | undefined {
  const words = nameWordsOf(name);
  const rest = (i: number) => words.filter((_, j) => j !== i).join(' ');
  const end = words.findIndex((w) => LOWER_END.has(w) || UPPER_END.has(w));
  if (end >= 0) return { base: rest(end), rank: LOWER_END.has(words[end]!) ? -1 : 1, letter: false };
  const ordinal = words.findIndex((w) => ORDINAL_RANK[w] !== undefined);
  if (ordinal >= 0) return { base: rest(ordinal), rank: ORDINAL_RANK[words[ordinal]!]!, letter: false };
  const last = words.at(-1) ?? '';
  const numbered = /^([a-z]*)(\d+)$/.exec(last);
  if (numbered) {
    const base = [...words.slice(0, -1), numbered[1]].filter(Boolean).join(' ');
    return { base, rank: Number(numbered[2]), letter: false };
  }
  const letter = words.findIndex((w) => /^[a-z]$/.test(w));
  if (letter >= 0 && words.filter((w) => /^[a-z]$/.test(w)).length === 1)
    return { base: rest(letter), rank: words[letter]!.charCodeAt(0), letter: true };
  return undefined;
}

const kindOf = (slot: SeriesSlot) => (slot.type === 'integer' ? 'number' : slot.type);

/** Letters count as a series only when they run on (a, b, c; x, y): `n` and `k` say nothing about order. */
const ranksRunOn = (members: Member[]) =>
  !members[0]!.letter ||
  [...members].sort((a, b) => a.rank - b.rank).every((m, i, sorted) => i === 0 || m.rank === sorted[i - 1]!.rank + 1);

/** The slots with each series in the order its names give, in the positions it held; `order` renumbered. */
export function inSeriesOrder<T extends SeriesSlot>(slots: T[]): T[] {
  const groups = new Map<string, { index: number; member: Member }[]>();
  slots.forEach((slot, index) => {
    const member = seriesMember(slot.name);
    if (!member) return;
    const key = JSON.stringify([slot.path.slice(0, -1), kindOf(slot), member.base, member.letter]);
    groups.set(key, [...(groups.get(key) ?? []), { index, member }]);
  });
  const out = [...slots];
  for (const group of groups.values()) {
    const members = group.map((g) => g.member);
    if (group.length < 2 || new Set(members.map((m) => m.rank)).size < group.length || !ranksRunOn(members)) continue;
    const byRank = [...group].sort((a, b) => a.member.rank - b.member.rank);
    group.forEach(({ index }, i) => (out[index] = slots[byRank[i]!.index]!));
  }
  return out.map((slot, order) => ({ ...slot, order }));
}
