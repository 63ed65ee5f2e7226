// Currencies as people write them, read into ISO 4217 codes: codes in any case ("GBP", "usd"),
// symbols ("€", "£", "$"), and names with or without their country ("Swiss francs", "yen",
// "pounds sterling"). A name that several currencies share ("kroner", "pesos") counts only with its
// country, since guessing one would be a confident wrong call; a bare "dollar" or "$" is the US one,
// as most writers mean it.

export interface CurrencyMention {
  code: string;
  start: number;
  end: number;
}

/** Code → the names it is written as, the more specific first; `*` marks a name that needs nothing more. */
const NAMES: Record<string, string[]> = {
  USD: ['united states dollar', 'us dollar', 'u.s. dollar', 'american dollar', 'dollar*', 'buck*'],
  EUR: ['euro*'],
  GBP: ['british pound', 'pounds sterling', 'pound sterling', 'sterling*', 'pound*', 'quid*'],
  JPY: ['japanese yen', 'yen*'],
  CHF: ['swiss franc', 'franc*'],
  INR: ['indian rupee', 'rupee*'],
  CNY: ['chinese yuan', 'yuan*', 'renminbi*'],
  CAD: ['canadian dollar'],
  AUD: ['australian dollar'],
  NZD: ['new zealand dollar'],
  HKD: ['hong kong dollar'],
  SGD: ['singapore dollar'],
  MXN: ['mexican peso'],
  BRL: ['brazilian real', 'reais*'],
  ZAR: ['south african rand', 'rand*'],
  SEK: ['swedish krona', 'swedish kronor', 'krona*', 'kronor*'],
  NOK: ['norwegian krone', 'norwegian kroner'],
  DKK: ['danish krone', 'danish kroner'],
  KRW: ['south korean won', 'korean won'],
  RUB: ['russian ruble', 'russian rouble', 'ruble*', 'rouble*'],
  TRY: ['turkish lira'],
  PLN: ['polish zloty', 'zloty*'],
  THB: ['thai baht', 'baht*'],
  ILS: ['israeli shekel', 'shekel*'],
};

const SYMBOLS: Record<string, string> = {
  '€': 'EUR',
  '£': 'GBP',
  '¥': 'JPY',
  '₹': 'INR',
  '₩': 'KRW',
  '₽': 'RUB',
  '₺': 'TRY',
  '₪': 'ILS',
  '฿': 'THB',
  US$: 'USD',
  C$: 'CAD',
  A$: 'AUD',
  $: 'USD',
};

/** Codes read in lower case too; codes that are English words ("try", "all", "top") only in capitals. */
const CODES = new Set([
  ...Object.keys(NAMES),
  'ARS',
  'CLP',
  'COP',
  'CZK',
  'EGP',
  'HUF',
  'IDR',
  'ISK',
  'KES',
  'MYR',
  'NGN',
  'PHP',
  'SAR',
  'AED',
  'TWD',
  'UAH',
  'VND',
]);
const ENGLISH_WORDS = new Set(['TRY', 'ALL', 'TOP', 'CUP', 'MOP', 'BOB', 'MAD', 'PEN', 'CAD', 'COP']);

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// Names longest first, so "new zealand dollar" wins over "dollar"; plural endings -s/-es optional.
const NAME_ENTRIES = Object.entries(NAMES)
  .flatMap(([code, names]) => names.map((n) => ({ code, name: n.replace(/\*$/, '') })))
  .sort((a, b) => b.name.length - a.name.length);
const NAME_PATTERN = new RegExp(
  `(?<![\\p{L}])(?:${NAME_ENTRIES.map((e) => escape(e.name).replace(/ /g, '\\s+')).join('|')})(?:e?s)?(?![\\p{L}])`,
  'giu',
);
const SYMBOL_PATTERN = new RegExp(
  Object.keys(SYMBOLS)
    .sort((a, b) => b.length - a.length)
    .map(escape)
    .join('|'),
  'g',
);
const CODE_PATTERN = /(?<![\p{L}])[A-Za-z]{3}(?![\p{L}])/gu;

const codeOfName = (written: string): string | undefined => {
  const flat = written.toLowerCase().replace(/\s+/g, ' ');
  return NAME_ENTRIES.find((e) => flat === e.name || new RegExp(`^${escape(e.name)}e?s$`).test(flat))?.code;
};

/** Every currency the text names, in text order, none overlapping another. */
export function findCurrencies(text: string): CurrencyMention[] {
  const found: CurrencyMention[] = [];
  const free = (start: number, end: number) => !found.some((f) => start < f.end && end > f.start);
  for (const m of text.matchAll(NAME_PATTERN)) {
    const code = codeOfName(m[0]);
    if (code && free(m.index, m.index + m[0].length)) found.push({ code, start: m.index, end: m.index + m[0].length });
  }
  for (const m of text.matchAll(SYMBOL_PATTERN))
    if (free(m.index, m.index + m[0].length))
      found.push({ code: SYMBOLS[m[0]]!, start: m.index, end: m.index + m[0].length });
  for (const m of text.matchAll(CODE_PATTERN)) {
    const upper = m[0].toUpperCase();
    const inCapitals = m[0] === upper;
    if (!CODES.has(upper) || (!inCapitals && ENGLISH_WORDS.has(upper))) continue;
    if (free(m.index, m.index + 3)) found.push({ code: upper, start: m.index, end: m.index + 3 });
  }
  return found.sort((a, b) => a.start - b.start);
}

/** The property holds a currency: its name or description says "currency" or ISO 4217. */
export const namesCurrency = (words: string): boolean => /\bcurrenc(?:y|ies)\b|\biso\s*4217\b/i.test(words);
