// A description that states a value's layout ("Time of day, HH:MM", "Day as DD/MM/YYYY", "The
// customer's e-mail address") fixes its syntax as a `format` would, though the schema declares none:
// a word that does not fit the layout ("Standup" for an HH:MM time) is no value of it, and the
// engine asks instead of sending it.
import { dateLayoutIn } from '../schema-values';
import type { Slot } from './slots';

const CLOCK_LAYOUT = /\bHH:MM(:SS)?\b/i;
const EMAIL_LAYOUT = /\be-?mail\s+address\b/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The clock layout the description states: "HH:MM" or "HH:MM:SS". */
export const clockLayoutOf = (slot: Slot) => CLOCK_LAYOUT.exec(slot.description)?.[0].toUpperCase();

/** What a value of the property must look like, by the layout its description states; undefined when the schema says it itself or nothing is stated. */
export function statedLayout(slot: Slot): RegExp | undefined {
  const { schema } = slot;
  if (slot.type !== 'string' || schema.format !== undefined || schema.pattern !== undefined) return undefined;
  if (Array.isArray(schema.enum)) return undefined;
  const clock = clockLayoutOf(slot);
  if (clock) return clock.length > 5 ? /^\d{1,2}:\d{2}:\d{2}$/ : /^\d{1,2}:\d{2}$/;
  const date = dateLayoutIn(slot.description);
  if (date)
    return new RegExp(
      `^${date
        .split(/(YYYY|MM|DD)/)
        .map((part) => (part === 'YYYY' ? '\\d{4}' : part === 'MM' || part === 'DD' ? '\\d{1,2}' : escaped(part)))
        .join('')}$`,
    );
  return EMAIL_LAYOUT.test(slot.description) ? EMAIL : undefined;
}
