// Units against columns: a quantity the question writes in one unit ("longer than 5 minutes", "over 2 km",
// "above 15%") becomes a condition in the unit the column stores, which its name, its comment or its
// values say (`duration_ms`, `distance_m`, a `rate` whose values lie between 0 and 1). Where the column
// says no unit, nothing is converted: the number is compared as written, as before.
import type { ColumnSchema, TableSchema } from '@fnquery/contracts';
import { nameWords, stemOf } from '@fnquery/text-tools';
import type { NumberMention as FoundNumber } from './values/numbers';

/** Money is one dimension per currency: pence convert to pounds, never to dollars. */
export type Dimension = 'time' | 'length' | 'mass' | 'data' | 'sterling' | 'dollar' | 'euro';

export interface Unit {
  dimension: Dimension;
  /** Base units (second, metre, kilogram, byte) in one of this unit. */
  factor: number;
}

// [dimension, factor, words and symbols]. Symbols of one or two letters that are also words or
// abbreviations of other things ("m", "s", "in", "min") count in a column's name only as its last part.
const UNIT_TABLE: [Dimension, number, string[]][] = [
  ['time', 0.001, ['millisecond', 'ms', 'msec', 'millis']],
  ['time', 1, ['second', 'sec', 'secs', 's']],
  ['time', 60, ['minute', 'mins', 'min']],
  ['time', 3600, ['hour', 'hr', 'hrs', 'h']],
  ['time', 86_400, ['day']],
  ['time', 604_800, ['week', 'wk']],
  ['length', 0.001, ['millimeter', 'millimetre', 'mm']],
  ['length', 0.01, ['centimeter', 'centimetre', 'cm']],
  ['length', 1, ['meter', 'metre', 'm']],
  ['length', 1000, ['kilometer', 'kilometre', 'km']],
  ['length', 0.0254, ['inch']],
  ['length', 0.3048, ['foot', 'feet', 'ft']],
  ['length', 1609.344, ['mile', 'mi']],
  ['mass', 0.001, ['gram', 'g']],
  ['mass', 1, ['kilogram', 'kilo', 'kg']],
  ['mass', 0.453_592_37, ['pound', 'lb', 'lbs']],
  ['mass', 1000, ['tonne', 'ton', 't']],
  ['data', 1, ['byte', 'bytes']],
  ['data', 1024, ['kilobyte', 'kb']],
  ['data', 1024 ** 2, ['megabyte', 'mb']],
  ['data', 1024 ** 3, ['gigabyte', 'gb']],
  // A currency by its code (the question's "£3" is read as 3 GBP) or its minor unit in a column's name
  // (`fee_pence`). "pound" stays a weight: a column in pounds sterling says `gbp` or `pence`.
  ['sterling', 0.01, ['pence', 'penny', 'pennies']],
  ['sterling', 1, ['gbp']],
  ['dollar', 0.01, ['cent', 'cents']],
  ['dollar', 1, ['usd', 'dollar']],
  ['euro', 1, ['eur', 'euro']],
];

const SHORT = /^[a-z]{1,3}$/;
const UNIT_OF = new Map<string, Unit>();
for (const [dimension, factor, names] of UNIT_TABLE)
  for (const name of names) {
    UNIT_OF.set(name, { dimension, factor });
    if (!SHORT.test(name)) UNIT_OF.set(stemOf(name), { dimension, factor });
  }

/** The unit a question writes after a number: "minutes", "km", "MB". */
export function writtenUnit(unit: string | undefined): Unit | undefined {
  if (!unit) return undefined;
  const lower = unit.toLowerCase();
  return UNIT_OF.get(lower) ?? UNIT_OF.get(stemOf(lower));
}

/** Words that name what a column of each dimension measures when it names no unit. */
const QUANTITY_WORDS: Record<Dimension, string[]> = {
  time: ['duration', 'runtime', 'elapsed', 'length', 'time'],
  length: ['distance', 'length', 'height', 'width', 'depth', 'altitude', 'elevation'],
  mass: ['weight', 'mass'],
  data: ['size', 'bytes'],
  // A price or fee without a currency in its name is compared as written, as before.
  sterling: [],
  dollar: [],
  euro: [],
};

/**
 * The unit a column stores, from its name (`milliseconds`, `duration_sec`, `height_m`) or its
 * comment ("length in seconds"). Short symbols count only as the name's last part.
 */
export function columnUnit(column: ColumnSchema): Unit | undefined {
  const parts = nameWords(column.name).map((w) => w.toLowerCase());
  for (const [i, part] of parts.entries()) {
    const unit = UNIT_OF.get(part) ?? UNIT_OF.get(stemOf(part));
    if (!unit) continue;
    // "min_salary", "m_id": a short symbol anywhere but last is another word.
    if (SHORT.test(part) && (i !== parts.length - 1 || parts.length === 1) && !/^(?:ms|km|kg|mb|gb|kb)$/.test(part))
      continue;
    return unit;
  }
  const said = /\bin\s+([a-z]+)\b/i.exec(column.comment ?? '')?.[1];
  const fromComment = said && !SHORT.test(said.toLowerCase()) ? writtenUnit(said) : undefined;
  return fromComment;
}

/** Whether a column measures the dimension: by its unit, else by a quantity word in its name ("duration"). */
export function measures(column: ColumnSchema, dimension: Dimension): boolean {
  const unit = columnUnit(column);
  if (unit) return unit.dimension === dimension;
  return namesQuantity(column, dimension);
}

/** Whether a column's name holds a word for what the dimension measures (`distance_km`, `duration`). */
export function namesQuantity(column: ColumnSchema, dimension: Dimension): boolean {
  const parts = nameWords(column.name).map((w) => stemOf(w.toLowerCase()));
  return QUANTITY_WORDS[dimension].some((q) => parts.includes(stemOf(q)));
}

/**
 * The number in the column's unit: 5 "minutes" against `milliseconds` → 300000. Undefined when the
 * column names no unit or one of another dimension (then nothing is converted).
 */
export function toColumnUnit(value: number, unit: string | undefined, column: ColumnSchema): number | undefined {
  const from = writtenUnit(unit);
  const to = columnUnit(column);
  if (!from || !to || from.dimension !== to.dimension || from.factor === to.factor) return undefined;
  return Number(((value * from.factor) / to.factor).toPrecision(12));
}

/** Every value a quantity has in the units of its dimension, so an answer can tell it was applied. */
export function equivalentValues(value: number, unit: string | undefined): number[] {
  const from = writtenUnit(unit);
  if (!from) return [];
  return [...new Set(UNIT_TABLE.filter(([d]) => d === from.dimension).map(([, factor]) => factor))].map((factor) =>
    Number(((value * from.factor) / factor).toPrecision(12)),
  );
}

const PERCENT_NAME = /(?:^|_)(?:percent|percentage|pct)(?:_|$)|percent/i;
const FRACTION_NAME = /(?:^|_)(?:rate|ratio|fraction|share|proportion)(?:_|$)/i;

/** A column and its table (sql-linking's ColumnRef, written out: sql-linking reads this module). */
interface ColumnRef {
  table: TableSchema;
  column: ColumnSchema;
}

/**
 * How a column stores a share: 'percent' (15 for 15%) when its name says percent, 'fraction' (0.15)
 * when it names a rate or ratio whose sample values all lie between 0 and 1; undefined when neither
 * can be told, and a percentage is then not compared with it.
 */
export function percentScale({ table, column }: ColumnRef): 'percent' | 'fraction' | undefined {
  if (PERCENT_NAME.test(column.name)) return 'percent';
  const at = table.columns.indexOf(column);
  const samples = table.sampleRows.map((row) => Number(row[at])).filter((v) => !Number.isNaN(v));
  const fractions = samples.length > 0 && samples.every((v) => v >= 0 && v <= 1);
  if (fractions && (FRACTION_NAME.test(column.name) || samples.some((v) => !Number.isInteger(v)))) return 'fraction';
  if (FRACTION_NAME.test(column.name) && samples.some((v) => v > 1)) return 'percent';
  return undefined;
}

/** A number found in the question, with the words after its unit that belong to it ("an hour and a half"). */
export type SpokenNumber = FoundNumber & { tailEnd?: number };

const FRACTION_WORD: Record<string, number> = { half: 0.5, quarter: 0.25 };
const AND_A_FRACTION = /^\s+and\s+an?\s+(half|quarter)\b/i;
const QUARTERS_OF = /\b(a|one|three)\s+quarters?\s+of\s+$/i;

/**
 * Quantities said in words, in the unit they name: "an hour and a half" (1.5 hours), "two and a half
 * hours", "a quarter of an hour", "three quarters of an hour", "1 hour 30 minutes". The number reader
 * sees "an hour" and "two" alone; dropping the fraction would compare with the wrong quantity, which is
 * worse than no condition. Only units this file converts are read so ("two and a half pies" is left).
 */
export function spokenQuantities(text: string, found: FoundNumber[]): SpokenNumber[] {
  const out: SpokenNumber[] = found.map((n) => ({ ...n }));
  const dropped = new Set<SpokenNumber>();
  for (const [i, n] of out.entries()) {
    if (dropped.has(n)) continue;
    const unit = writtenUnit(n.unit);
    if (!n.unit) {
      // "two and a half hours": the unit comes after the fraction.
      const m = /^(\s+and\s+an?\s+(half|quarter)\s+)(\p{L}+)/iu.exec(text.slice(n.end));
      if (m && writtenUnit(m[3]) && !n.percent) {
        n.value += FRACTION_WORD[m[2]!.toLowerCase()]!;
        n.unit = m[3]!;
        n.unitStart = n.end + m[1]!.length;
        n.unitEnd = n.unitStart + m[3]!.length;
        n.whole = false;
      }
      continue;
    }
    if (!unit || n.unitEnd === undefined) continue;
    // "an hour and a half".
    const fraction = AND_A_FRACTION.exec(text.slice(n.unitEnd));
    if (fraction) {
      n.value += FRACTION_WORD[fraction[1]!.toLowerCase()]!;
      n.tailEnd = n.unitEnd + fraction[0].length;
      n.whole = false;
    }
    // "a quarter of an hour", "three quarters of an hour": "an hour" was read as one hour.
    const quarters = n.value === 1 && n.spelled ? QUARTERS_OF.exec(text.slice(0, n.start)) : null;
    if (quarters) {
      n.value = quarters[1]!.toLowerCase() === 'three' ? 0.75 : 0.25;
      n.start = quarters.index;
      n.whole = false;
      for (const other of out)
        if (other !== n && other.start >= quarters.index && other.start < n.end) dropped.add(other);
    }
    // "1 hour 30 minutes", "2 hours and 15 minutes": one quantity in two units of one dimension.
    const next = out[i + 1];
    const nextUnit = writtenUnit(next?.unit);
    if (
      next &&
      nextUnit?.dimension === unit.dimension &&
      nextUnit.factor < unit.factor &&
      next.unitEnd !== undefined &&
      /^\s*(?:and\s+)?$/i.test(text.slice(n.tailEnd ?? n.unitEnd, next.start))
    ) {
      n.value = Number((n.value + (next.value * nextUnit.factor) / unit.factor).toPrecision(12));
      n.tailEnd = next.unitEnd;
      n.whole = false;
      dropped.add(next);
    }
  }
  return out.filter((n) => !dropped.has(n));
}
