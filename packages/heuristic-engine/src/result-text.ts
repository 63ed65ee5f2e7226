// A readable answer from a function's result: objects as their key facts ("Temperature: 21."),
// the fields the question asks about first; arrays as a count and their first items; a single
// value stated with the question it answers.
import { nameWords, stemMatch, terms } from '@fnquery/text-tools';

const MAX_FIELDS = 8;
const MAX_ITEMS = 3;
const MAX_TEXT = 200;

const sentenceCase = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const humanKey = (key: string) => sentenceCase(nameWords(key).join(' ') || key);
const clip = (s: string) => (s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT - 1)}…` : s);

function scalarText(value: unknown): string {
  if (value === null || value === undefined) return 'none';
  if (typeof value === 'string') return clip(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value))
    return value.length === 0
      ? 'none'
      : `${value.length} item${value.length === 1 ? '' : 's'} (${value.slice(0, MAX_ITEMS).map(shortText).join(', ')}${value.length > MAX_ITEMS ? ', …' : ''})`;
  return shortText(value);
}

/** An object on one line: its first few fields. */
function shortText(value: unknown): string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return scalarText(value);
  const entries = Object.entries(value);
  const shown = entries
    .slice(0, MAX_ITEMS)
    .map(([k, v]) => `${nameWords(k).join(' ') || k}: ${typeof v === 'object' && v !== null ? '…' : scalarText(v)}`);
  return `${shown.join(', ')}${entries.length > MAX_ITEMS ? ', …' : ''}`;
}

/** Fields whose names the question uses come first; the rest keep their order. */
function byRelevance(entries: [string, unknown][], question: string): [string, unknown][] {
  const asked = terms(question);
  const relevance = (key: string) =>
    terms(nameWords(key).join(' ')).filter((k) => asked.some((q) => stemMatch(k, q) >= 0.8)).length;
  return entries
    .map((e, i) => ({ e, i, r: relevance(e[0]) }))
    .sort((a, b) => b.r - a.r || a.i - b.i)
    .map((x) => x.e);
}

export function parseResult(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

export function answerFromResult(question: string, functionName: string, result: unknown): string {
  const source = nameWords(functionName).join(' ') || functionName;
  if (result === null || result === undefined || result === '')
    return `${sentenceCase(source)} returned no result for "${question}".`;
  if (Array.isArray(result)) {
    if (result.length === 0) return `${sentenceCase(source)} found nothing for "${question}".`;
    const first = result.slice(0, MAX_ITEMS).map((item, i) => `${i + 1}) ${shortText(item)}`);
    const intro = `${sentenceCase(source)} returned ${result.length} result${result.length === 1 ? '' : 's'}`;
    return result.length <= MAX_ITEMS
      ? `${intro}: ${first.join('; ')}.`
      : `${intro}; the first ${MAX_ITEMS}: ${first.join('; ')}.`;
  }
  if (typeof result === 'object') {
    const entries = byRelevance(Object.entries(result), question);
    if (entries.length === 0) return `${sentenceCase(source)} returned an empty result for "${question}".`;
    const facts = entries.slice(0, MAX_FIELDS).map(([k, v]) => `${humanKey(k)}: ${scalarText(v)}.`);
    const more = entries.length > MAX_FIELDS ? ` (${entries.length - MAX_FIELDS} more fields not shown.)` : '';
    return `According to ${source}: ${facts.join(' ')}${more}`;
  }
  return `According to ${source}, the answer to "${question}" is ${scalarText(result)}.`;
}
