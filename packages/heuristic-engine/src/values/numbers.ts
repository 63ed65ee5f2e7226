// Numbers as people write them in questions: "5", "-3", "12,000", "1e-9", "$35", "15%", "4.2 kg",
// "9mm", "2.7 billion", "three", "twenty five", "a dozen", "19th", "second", "a week", "half an hour". Every mention keeps its
// span in the text and what was written around it (unit, currency, percent sign), so callers can
// decide what it measures. Shared by function calling and the SQL templates.
import { terms } from '@fnquery/text-tools';
import { isUnitWord } from './units';

export interface NumberMention {
  /** The value with scale words and sign applied ("2.7 billion" → 2700000000), before percent handling. */
  value: number;
  /** Span of the numeral with its attached sign, currency, unit or percent sign. */
  start: number;
  end: number;
  text: string;
  /** A unit written against the numeral ("6cm", "5 °C", "20 km/h") or the word that follows it ("7 laps"). */
  unit?: string;
  /** Span of `unit` when it is a separate word, so callers can skip it when measuring distances. */
  unitStart?: number;
  unitEnd?: number;
  currency?: string;
  percent: boolean;
  ordinal: boolean;
  /** Written as a whole number (no decimal point, no fraction); "2.7 billion" is not. */
  whole: boolean;
  /** Written in words ("three", "a dozen") rather than digits. */
  spelled: boolean;
}

const SMALL = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
// "second" is left out: in questions it is far more often the unit ("meters per second").
const ORDINAL_WORDS = [
  'zeroth',
  'first',
  '',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
  'ninth',
  'tenth',
  'eleventh',
  'twelfth',
];
const SCALES: Record<string, number> = {
  hundred: 1e2,
  thousand: 1e3,
  million: 1e6,
  billion: 1e9,
  trillion: 1e12,
  k: 1e3,
  bn: 1e9,
};
const WORD_VALUES = new Map<string, number>([
  ...SMALL.map((w, i) => [w, i] as [string, number]),
  ...TENS.map((w, i) => [w, i * 10] as [string, number]).filter(([w]) => w),
  ['dozen', 12],
  ['twice', 2],
]);
const ORDINALS = new Map(ORDINAL_WORDS.map((w, i) => [w, i] as [string, number]).filter(([w]) => w));
const CURRENCY_SYMBOLS: Record<string, string> = { $: 'USD', '€': 'EUR', '£': 'GBP', '¥': 'JPY', '₹': 'INR' };

// A numeral not glued to a letter, digit, dot or underscore before it (that would be an identifier
// such as "rs6034464" or a version "v1.2"); a minus sign counts only when it is not a range dash.
const NUMERAL =
  /(?<![\p{L}\p{N}_.\-−/^])([-−](?=\d))?(?:([$€£¥₹])\s?)?(\d{1,3}(?:,\d{3})+(?!\d)|\d+)(\.\d+)?(?:[eE]([-+]?\d+))?/gu;
const ATTACHED_UNIT =
  /^(?:\s?%|\s?°\s?[CFK]\b|(?:st|nd|rd|th)\b|[\p{L}µΩ°]{1,6}(?:\/[\p{L}]{1,4})?(?:\^?[23²³])?(?![\p{L}\p{N}]))/u;
const NEXT_WORD = /^\s+([\p{L}][\p{L}'’.-]*)/u;
const WORD = /[\p{L}]+/gu;

/** Every number mention in `text`, in order of appearance. */
export function findNumbers(text: string): NumberMention[] {
  const found = [...numerals(text), ...numberWords(text)];
  return found.sort((a, b) => a.start - b.start);
}

function numerals(text: string): NumberMention[] {
  const out: NumberMention[] = [];
  for (const m of text.matchAll(NUMERAL)) {
    const [whole, sign, symbol, digits, fraction, exponent] = m;
    const start = m.index;
    let end = start + whole.length;
    // "5x^3", "3z + 1" and "CaCO3" are expressions or formulas, not quantities.
    const after = text.slice(end);
    if ((/^\p{L}\s*(?:\^|\*\*|\d)/u.test(after) || /^[xyz](?!\p{L})/u.test(after)) && !/^(?:st|nd|rd|th)\b/.test(after))
      continue;
    let value = Number(`${digits!.replaceAll(',', '')}${fraction ?? ''}${exponent ? `e${exponent}` : ''}`);
    if (sign) value = -value;
    const mention: NumberMention = {
      value,
      start,
      end,
      text: whole,
      percent: false,
      ordinal: false,
      whole: !fraction && !exponent,
      spelled: false,
      ...(symbol && { currency: CURRENCY_SYMBOLS[symbol] }),
    };
    const attached = ATTACHED_UNIT.exec(text.slice(end));
    if (attached) {
      const unit = attached[0].trim();
      if (unit === '%') mention.percent = true;
      else if (/^(?:st|nd|rd|th)$/.test(unit)) mention.ordinal = true;
      // "10k" is ten thousand; "300K" is kelvin and "5m" metres, but money is never metres: "$2.5m".
      else if (unit === 'k' || unit === 'bn') scale(mention, SCALES[unit]!);
      else if (mention.currency && /^(?:m|mn|M)$/.test(unit)) scale(mention, 1e6);
      else mention.unit = unit;
      end += attached[0].length;
    }
    mention.end = end;
    readFollowingWords(text, mention);
    timesPi(mention);
    mention.text = text.slice(start, mention.end);
    out.push(mention);
  }
  return out;
}

/** "1.5 pi", "0.5π": a multiple of π is that number of radians' worth, not the bare numeral. */
function timesPi(mention: NumberMention): void {
  if (!mention.unit || !/^(?:pi|π)$/i.test(mention.unit)) return;
  mention.value = Number((mention.value * Math.PI).toPrecision(15));
  mention.whole = false;
  delete mention.unit;
  delete mention.unitStart;
  delete mention.unitEnd;
}

/** Scale words ("million"), then a percent word or the unit word that follows the numeral. */
function readFollowingWords(text: string, mention: NumberMention): void {
  let next = NEXT_WORD.exec(text.slice(mention.end));
  const scaleWord = next?.[1]?.toLowerCase();
  if (next && scaleWord && SCALES[scaleWord] && scaleWord.length > 2 && !mention.unit) {
    scale(mention, SCALES[scaleWord]!);
    mention.end += next[0].length;
    next = NEXT_WORD.exec(text.slice(mention.end));
  }
  if (!next || mention.unit || mention.percent) return;
  const word = next[1]!.replace(/[.'’-]+$/, '');
  if (terms(word).length === 0) return;
  if (/^(?:percent|per\s?cent|pct)$/i.test(word)) {
    mention.percent = true;
    mention.end += next[0].length;
    return;
  }
  const wordStart = mention.end + next[0].length - next[1]!.length;
  // "17 degrees Celsius": the scale is the unit.
  const scaleName = /^degrees?$/i.test(word)
    ? /^\s+(celsius|fahrenheit|kelvin)\b/i.exec(text.slice(wordStart + word.length))
    : null;
  if (scaleName) {
    mention.unit = scaleName[1]!;
    mention.unitStart = wordStart + word.length + scaleName[0].length - scaleName[1]!.length;
    mention.unitEnd = mention.unitStart + scaleName[1]!.length;
    return;
  }
  mention.unit = word;
  mention.unitStart = wordStart;
  mention.unitEnd = wordStart + word.length;
}

function scale(mention: NumberMention, factor: number): void {
  mention.value = Number((mention.value * factor).toPrecision(15));
  mention.whole = Number.isInteger(mention.value);
}

/** True when the word at `i` is a tens word joined by a hyphen to a units word: "twenty-four". */
function tensHyphenUnits(text: string, words: { word: string; end: number; start: number }[], i: number): boolean {
  const [tens, units] = [words[i]!, words[i + 1]];
  const unitValue = units && WORD_VALUES.get(units.word);
  return (
    TENS.includes(tens.word) &&
    unitValue !== undefined &&
    unitValue >= 1 &&
    unitValue <= 9 &&
    text.slice(tens.end, units!.start) === '-'
  );
}

/** "three", "twenty five", "twenty-five", "two hundred", "a dozen", "third", spelled out. */
function numberWords(text: string): NumberMention[] {
  const words = [...text.matchAll(WORD)].map((m) => ({
    word: m[0].toLowerCase(),
    start: m.index,
    end: m.index + m[0].length,
  }));
  const out: NumberMention[] = [];
  for (let i = 0; i < words.length; i++) {
    const first = words[i]!;
    const ordinal = ORDINALS.get(first.word);
    if (ordinal !== undefined) {
      out.push({
        value: ordinal,
        start: first.start,
        end: first.end,
        text: text.slice(first.start, first.end),
        percent: false,
        ordinal: true,
        whole: true,
        spelled: true,
      });
      continue;
    }
    // "a week", "an hour", "half an hour": one (or half) of a unit named by its word.
    const article =
      first.word === 'half' && /^an?$/.test(words[i + 1]?.word ?? '') ? 1 : /^an?$/.test(first.word) ? 0 : -1;
    // The unit word follows the article at once: in "a 10 litre tank" the article counts nothing.
    const next = article >= 0 ? words[i + article + 1] : undefined;
    const unitWord = next && /^\s+$/.test(text.slice(words[i + article]!.end, next.start)) ? next : undefined;
    // After a quantity, "a year" is "per year" ("3.5 percent a year", "60 km an hour", "900 a month"):
    // a rate's unit, not one year.
    const previous = words[i - 1];
    const before = text.slice(0, first.start);
    const rate =
      article === 0 &&
      (/(?:\d%?|\b(?:percent|times|twice|once))\s+$/i.test(before) ||
        (previous !== undefined && isUnitWord(previous.word) && /^\s+$/.test(text.slice(previous.end, first.start))));
    if (unitWord && isUnitWord(unitWord.word) && !rate && !(article === 0 && previous?.word === 'half')) {
      const mention: NumberMention = {
        value: article === 1 ? 0.5 : 1,
        start: first.start,
        end: words[i + article]!.end,
        text: '',
        percent: false,
        ordinal: false,
        whole: article === 0,
        spelled: true,
      };
      readFollowingWords(text, mention);
      mention.text = text.slice(mention.start, mention.end);
      out.push(mention);
      i += article + 1;
      continue;
    }
    if (!WORD_VALUES.has(first.word)) continue;
    // "twenty-four" is one number, and "three-legged", "four-door", "twenty-four-hour" are compound
    // adjectives, not quantities.
    const units = tensHyphenUnits(text, words, i) ? words[i + 1]! : first;
    if (/^-\p{L}/u.test(text.slice(units.end))) continue;
    let value = 0;
    let current = 0;
    let j = i;
    for (; j < words.length; j++) {
      const w = words[j]!.word;
      if (j > i && words[j]!.start - words[j - 1]!.end > 2) break;
      const small = WORD_VALUES.get(w);
      if (w === 'dozen') current = (current || 1) * 12;
      else if (small !== undefined && (j === i || (current % 10 === 0 && small < 10 && current >= 20)))
        current += small;
      else if (w === 'hundred') current = (current || 1) * 100;
      else if (SCALES[w] && w.length > 2) {
        value += (current || 1) * SCALES[w]!;
        current = 0;
      } else break;
    }
    value += current;
    const last = words[j - 1]!;
    const mention: NumberMention = {
      value,
      start: first.start,
      end: last.end,
      text: text.slice(first.start, last.end),
      percent: false,
      ordinal: false,
      whole: true,
      spelled: true,
    };
    readFollowingWords(text, mention);
    mention.text = text.slice(mention.start, mention.end);
    out.push(mention);
    i = j - 1;
  }
  return out;
}
