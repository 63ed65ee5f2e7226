// Lengths, masses and temperatures converted to the unit a property names ("Distance in
// kilometres" takes "30 miles" as 48.28032). Sent as written, 30 would be 30 km: a call that looks
// right and is wrong. A property that names two units of one kind ("in km or miles") or leaves the
// unit to another property ("in the given unit") names none, and the number stays as written.
import { stemOf } from '@fnquery/text-tools';
import { unitStems } from './units';

type Kind = 'length' | 'mass' | 'temperature';
interface Measure {
  kind: Kind;
  /** Linear units: how many of the kind's base unit (metre, kilogram) one is. */
  factor: number;
}

const MEASURES: Record<string, Measure> = {};
const add = (kind: Kind, factor: number, ...words: string[]) => {
  for (const word of words) MEASURES[stemOf(word)] = { kind, factor };
};
add('length', 1, 'metre', 'meter');
add('length', 1000, 'kilometre', 'kilometer');
add('length', 0.01, 'centimetre', 'centimeter');
add('length', 0.001, 'millimetre', 'millimeter');
add('length', 1609.344, 'mile');
add('length', 0.3048, 'foot', 'feet');
add('length', 0.0254, 'inch');
add('length', 0.9144, 'yard');
add('mass', 1, 'kilogram');
add('mass', 0.001, 'gram');
add('mass', 0.000001, 'milligram');
add('mass', 0.45359237, 'pound');
add('mass', 0.028349523125, 'ounce');
add('temperature', 1, 'celsius');
add('temperature', 1, 'fahrenheit');
add('temperature', 1, 'kelvin');

const measureOf = (stems: string[]) => stems.map((s) => MEASURES[s]).find(Boolean);
const stemNamed = (stems: string[]) => stems.find((s) => MEASURES[s]);

/** What the number's written unit measures, and which unit it is (by stem). */
function writtenMeasure(unit: string): { measure: Measure; stem: string } | undefined {
  const stems = unitStems(unit);
  const stem = stemNamed(stems);
  const measure = measureOf(stems);
  return stem && measure ? { measure, stem } : undefined;
}

function toCelsius(value: number, stem: string): number {
  if (stem === stemOf('fahrenheit')) return ((value - 32) * 5) / 9;
  if (stem === stemOf('kelvin')) return value - 273.15;
  return value;
}
function fromCelsius(value: number, stem: string): number {
  if (stem === stemOf('fahrenheit')) return (value * 9) / 5 + 32;
  if (stem === stemOf('kelvin')) return value + 273.15;
  return value;
}

// Symbols a property name carries ("distance_km", "weight_lb"); "in", "m" and "g" are words too often.
const SYMBOLS = new Set(['km', 'cm', 'mm', 'mi', 'ft', 'yd', 'kg', 'mg', 'lb', 'lbs', 'oz']);
const unitWordsOf = (words: string) =>
  [...words.matchAll(/[\p{L}]+/gu)].flatMap((m) => {
    const word = m[0].toLowerCase();
    return SYMBOLS.has(word)
      ? unitStems(word)
          .filter((s) => MEASURES[s])
          .slice(0, 1)
      : [stemOf(word)];
  });

// Speeds are rates, a length over a time, in metres per second: read as their length alone, "36 km/h"
// for a property "in metres per second" was 36,000 (kilometres to metres) where it is 10.
const SPEEDS: [RegExp, number][] = [
  [/(?<![\p{L}/])(?:m\/s|met(?:er|re)s? (?:per|a) second)(?![\p{L}/^²])/iu, 1],
  [/(?<![\p{L}/])(?:km\/hr?|kph|kmh|kilomet(?:er|re)s? (?:per|an) hour)(?![\p{L}/])/iu, 1 / 3.6],
  [/(?<![\p{L}/])(?:mph|miles? (?:per|an) hour)(?![\p{L}/])/iu, 0.44704],
  [/(?<![\p{L}/])knots?(?![\p{L}/])/iu, 1852 / 3600],
  [/(?<![\p{L}/])(?:ft\/s|f(?:oo|ee)t per second)(?![\p{L}/^²])/iu, 0.3048],
];
/** The speed units a text names, as their factors to metres per second. */
const speedFactors = (text: string) => new Set(SPEEDS.filter(([re]) => re.test(text)).map(([, factor]) => factor));
/** A unit that is a rate ("km/h", "mol/L", "miles per hour"): never converted as the length or mass it starts with. */
export const isRateUnit = (unit: string) => /\/|\bper\b/i.test(unit) || speedFactors(unit).size > 0;

/** A speed converted to the one speed unit the property's words name; undefined when none or two are named. */
function toPropertySpeed(value: number, unit: string, propertyWords: string): number | undefined {
  const [from, ...more] = speedFactors(unit);
  const [to, ...others] = speedFactors(propertyWords);
  if (from === undefined || to === undefined || more.length || others.length || from === to) return undefined;
  return Number(((value * from) / to).toPrecision(12));
}

/** A unit of a physical measure ("pounds", "kg", "°F"), not a currency or a count. */
export const isMeasureUnit = (written: string) => writtenMeasure(written) !== undefined;

/**
 * The value in the one unit of its kind the property's words name, when that differs from the unit
 * it is written in; undefined when nothing is to convert (same unit, no unit named, or two named).
 */
export function toPropertyMeasureUnit(value: number, unit: string, propertyWords: string): number | undefined {
  if (isRateUnit(unit)) return toPropertySpeed(value, unit, propertyWords);
  const from = writtenMeasure(unit);
  if (!from || /\bunits?\b/i.test(propertyWords)) return undefined;
  const units = unitWordsOf(propertyWords).filter((s) => MEASURES[s]?.kind === from.measure.kind);
  // "meter" and "metre" are one unit; the three temperature scales share a factor but are three.
  const named = new Set(units.map((s) => (from.measure.kind === 'temperature' ? s : MEASURES[s]!.factor)));
  if (named.size !== 1) return undefined;
  const to = units[0]!;
  const converted =
    from.measure.kind === 'temperature'
      ? fromCelsius(toCelsius(value, from.stem), to)
      : (value * from.measure.factor) / MEASURES[to]!.factor;
  if (Math.abs(converted - value) < 1e-12) return undefined;
  return Number(converted.toPrecision(12));
}

/**
 * A number written in a unit of one kind for a property whose words name a unit of another ("70 kg"
 * for `height_m`): whatever it is, it is not this property's value.
 */
export function measuresOtherKind(unit: string, propertyWords: string, propertyName = ''): boolean {
  // A speed is no length: "40 km/h" is no value of a property "in km", nor "12 km" of one "in km/h".
  if (speedFactors(unit).size > 0 || speedFactors(propertyWords).size > 0)
    return speedFactors(unit).size > 0 !== speedFactors(propertyWords).size > 0 && !/\bunits?\b/i.test(propertyWords);
  const from = writtenMeasure(unit);
  if (!from) return false;
  // In a property's name a one-letter word is a unit symbol: the "m" of `height_m`, the "g" of `mass_g`.
  const nameSymbols = propertyName
    .split(/[^a-z]+/i)
    .filter((w) => /^[mg]$/i.test(w))
    .flatMap((w) => unitStems(w.toLowerCase()));
  const kinds = new Set(
    [...unitWordsOf(propertyWords), ...nameSymbols].flatMap((s) => (MEASURES[s] ? [MEASURES[s].kind] : [])),
  );
  return kinds.size > 0 && !kinds.has(from.measure.kind);
}
