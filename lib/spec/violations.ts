// Collects violations while the validator walks a document, so every problem is reported at once.
import type { Violation } from './types';

/** RFC 6901 escaping of one reference token. */
export const escapeToken = (token: string | number) => String(token).replace(/~/g, '~0').replace(/\//g, '~1');

export const pointerOf = (...tokens: (string | number)[]) => tokens.map((t) => `/${escapeToken(t)}`).join('');

export class ViolationList {
  readonly items: Violation[] = [];

  add(pointer: string, rule: string, message: string, fix: string): void {
    this.items.push({ pointer, rule, message, fix });
  }

  get empty(): boolean {
    return this.items.length === 0;
  }
}

export const describeValue = (value: unknown): string => {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`;
};

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** The known name a typo most likely meant, so `inputSchma` gets "did you mean inputSchema?". */
export function closestName(typo: string, known: readonly string[]): string | undefined {
  const lower = typo.toLowerCase();
  let best: { name: string; distance: number } | undefined;
  for (const name of known) {
    const distance = editDistance(lower, name.toLowerCase());
    if (distance <= Math.max(2, Math.floor(name.length / 4)) && (!best || distance < best.distance))
      best = { name, distance };
  }
  return best?.name;
}
