// Units of measure: the words and symbols people write ("kg", "km/h", "miles", "°C") and the words
// schemas use for them ("in kilograms"), plus units asked for rather than measured ("in miles",
// "to Celsius") and SI prefixes ("50mH" is 0.05 H).
import { stemOf } from '@fnquery/text-tools';

// Symbol → the words for it. Plural and capitalised forms are matched by stem.
const UNITS: Record<string, string[]> = {
  kg: ['kilogram'],
  g: ['gram'],
  mg: ['milligram'],
  lb: ['pound'],
  lbs: ['pound'],
  oz: ['ounce'],
  t: ['ton', 'tonne'],
  m: ['meter', 'metre'],
  cm: ['centimeter', 'centimetre'],
  mm: ['millimeter', 'millimetre'],
  km: ['kilometer', 'kilometre'],
  mi: ['mile'],
  ft: ['foot', 'feet'],
  in: ['inch'],
  yd: ['yard'],
  h: ['hour'],
  hr: ['hour'],
  hrs: ['hour'],
  min: ['minute'],
  s: ['second'],
  sec: ['second'],
  ms: ['millisecond'],
  d: ['day'],
  wk: ['week'],
  yr: ['year'],
  usd: ['dollar'],
  eur: ['euro'],
  gbp: ['pound'],
  jpy: ['yen'],
  c: ['celsius'],
  f: ['fahrenheit'],
  k: ['kelvin'],
  hz: ['hertz'],
  j: ['joule'],
  w: ['watt'],
  v: ['volt'],
  a: ['ampere', 'amp'],
  l: ['liter', 'litre'],
  ml: ['milliliter', 'millilitre'],
  gal: ['gallon'],
  // Kitchen and imperial volumes: "750 ml into pints", "how many cups is 2 litres".
  pt: ['pint'],
  qt: ['quart'],
  cup: ['cup'],
  mph: ['mile per hour'],
  'km/h': ['kilometer per hour'],
  kph: ['kilometer per hour'],
  'm/s': ['meter per second'],
  pa: ['pascal'],
  atm: ['atmosphere'],
  cal: ['calorie'],
  kcal: ['kilocalorie'],
  tsp: ['teaspoon'],
  tbsp: ['tablespoon'],
  deg: ['degree'],
  rad: ['radian'],
  px: ['pixel'],
  bpm: ['beat per minute'],
  '%': ['percent', 'percentage'],
};
const UNIT_WORDS = new Set(Object.values(UNITS).flatMap((words) => words.map((w) => stemOf(w.split(' ')[0]!))));

// What a unit measures, as the words schemas name such quantities with ("3 weeks" is a time,
// "$740" an amount, "4%" a rate). Units are given as the words above.
const DIMENSIONS: [quantities: string, units: string][] = [
  ['time duration period term age interval timeframe span', 'second minute hour day week month year decade century'],
  [
    'distance length height width depth radius range altitude elevation diameter perimeter',
    'meter metre kilometer kilometre mile foot feet inch yard centimeter centimetre millimeter millimetre light',
  ],
  ['mass weight', 'kilogram gram milligram pound ounce ton tonne'],
  ['temperature temp', 'celsius fahrenheit kelvin degree'],
  ['speed velocity', 'mph kph'],
  ['volume capacity', 'liter litre gallon milliliter pint quart cup'],
  ['frequency', 'hertz'],
];
const MONEY =
  'price cost amount budget payment fee salary income value principal investment deposit revenue payout dividend capital balance loan fund money sale purchase';
const RATE = 'rate percentage percent ratio share growth yield return interest discount tax probability';
const stems = (words: string) => words.split(' ').map(stemOf);
const QUANTITY_OF_UNIT = new Map(
  DIMENSIONS.flatMap(([quantities, units]) => stems(units).map((u) => [u, stems(quantities)] as [string, string[]])),
);

/** The quantities a measured value can be: unit, currency or percent sign decide. */
export function quantityStems(measure: {
  unit?: string;
  currency?: string;
  percent: boolean;
  value: number;
  whole: boolean;
}): string[] {
  if (measure.currency) return stems(MONEY);
  if (measure.percent) return stems(RATE);
  if (measure.unit) return unitStems(measure.unit).flatMap((u) => QUANTITY_OF_UNIT.get(u) ?? []);
  // A bare four-digit number in the usual range is a year.
  return measure.whole && measure.value >= 1000 && measure.value <= 2100 ? stems('year date') : [];
}
const SI_PREFIXES: Record<string, number> = {
  p: 1e-12,
  n: 1e-9,
  µ: 1e-6,
  μ: 1e-6,
  u: 1e-6,
  m: 1e-3,
  c: 1e-2,
  k: 1e3,
  M: 1e6,
  G: 1e9,
};

/** The stems a written unit stands for: "kg" → kg, kilogram; "Miles" → mile. */
export function unitStems(unit: string): string[] {
  const lower = unit.toLowerCase().replace(/°/g, '');
  const words = UNITS[lower] ?? UNITS[lower.replace(/s$/, '')] ?? [];
  return [stemOf(lower), ...words.flatMap((w) => w.split(' ')).map(stemOf)];
}

/** The words a unit symbol is written as, each as its stems: "ft" → [[foot], [feet]]; none for other text. */
export function unitNames(symbol: string): string[][] {
  return (UNITS[symbol.toLowerCase()] ?? []).map((name) => name.split(' ').map(stemOf));
}

/** A unit's word, not its symbol: "hour", "weeks", "kilograms" (so "a in" is no inch). */
export function isUnitWord(word: string): boolean {
  return word.length > 2 && UNIT_WORDS.has(stemOf(word.toLowerCase()));
}

/** A unit symbol or word: "km/h", "Celsius", "miles", "°F". */
export function isUnit(written: string): boolean {
  const lower = written.toLowerCase().replace(/°/g, '');
  return lower in UNITS || lower.replace(/s$/, '') in UNITS || UNIT_WORDS.has(stemOf(lower));
}

export interface UnitMention {
  start: number;
  end: number;
  text: string;
}

const ASKED_UNIT = /\b(?:in|into|to)\s+(?:the\s+)?(°?[\p{L}]+(?:\/[\p{L}]+(?:\^?\d)?)?)/giu;

/** Units a question asks for, not measures in: "how far is it in miles", "convert it to Celsius". */
export function findAskedUnits(text: string): UnitMention[] {
  return [...text.matchAll(ASKED_UNIT)]
    .filter((m) => isUnit(m[1]!))
    .map((m) => {
      const start = m.index + m[0].length - m[1]!.length;
      return { start, end: start + m[1]!.length, text: m[1]! };
    });
}

const SECONDS: Record<string, number> = { second: 1, minute: 60, hour: 3600, day: 86_400, week: 604_800 };
const TIME_UNIT_OF_STEM = new Map(Object.keys(SECONDS).map((u) => [stemOf(u), u]));

/** The time unit a written unit is ("weeks", "hrs", "min" → week, hour, minute), if any. */
function timeUnit(written: string): string | undefined {
  for (const stem of unitStems(written)) {
    const unit = TIME_UNIT_OF_STEM.get(stem);
    if (unit) return unit;
  }
  return undefined;
}

/**
 * A duration converted to the time unit a property counts in, named by its words ("rental days",
 * "minutes"): 2 "weeks" for `days` → 14. Undefined when either side names no time unit, or months
 * and years, whose length varies.
 */
export function toPropertyTimeUnit(value: number, unit: string, propertyWords: string): number | undefined {
  const from = timeUnit(unit);
  if (!from) return undefined;
  const to = [...propertyWords.matchAll(/[\p{L}]+/gu)]
    .map((m) => TIME_UNIT_OF_STEM.get(stemOf(m[0].toLowerCase())))
    .find(Boolean);
  if (!to || to === from) return undefined;
  return Number(((value * SECONDS[from]!) / SECONDS[to]!).toPrecision(12));
}

/**
 * A value in a prefixed unit converted to the base unit a description names by its symbol:
 * 50 "mH" with "in henries (H)" → 0.05. Undefined when the description names no such base, and for
 * time units.
 */
export function toBaseUnit(value: number, unit: string, description: string): number | undefined {
  // A time unit is read whole: "min" is minutes (toPropertyTimeUnit), not a milli-"in" of "in minutes".
  if (timeUnit(unit)) return undefined;
  const prefix = SI_PREFIXES[unit[0] ?? ''];
  const base = unit.slice(1);
  if (
    prefix === undefined ||
    !base ||
    // A unit typed all in lower case ("50mh") has lost its case, not its meaning: its base matches either case.
    !new RegExp(
      `(?:^|[\\s(])${base.replace(/[^\p{L}]/gu, '')}(?:$|[\\s).,])`,
      unit === unit.toLowerCase() ? 'iu' : 'u',
    ).test(description)
  )
    return undefined;
  return Number((value * prefix).toPrecision(12));
}
