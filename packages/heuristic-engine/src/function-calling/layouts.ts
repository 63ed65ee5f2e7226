// A description that states a value's layout ("Time of day, HH:MM", "Day as DD/MM/YYYY", "The
// customer's e-mail address") fixes its syntax as a `format` would, though the schema declares none:
// a word that does not fit the layout ("Standup" for an HH:MM time) is no value of it, and the
// engine asks instead of sending it.
import { dateLayoutIn } from '../schema-values';
import { formatAccepts } from '../format-accepts';
import type { Slot } from './slots';

const CLOCK_LAYOUT = /\bHH:MM(:SS)?\b/i;
const EMAIL_LAYOUT = /\be-?mail\s+address\b/i;

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The clock layout the description states: "HH:MM" or "HH:MM:SS". */
export const clockLayoutOf = (slot: Slot) => CLOCK_LAYOUT.exec(slot.description)?.[0].toUpperCase();

type Fits = (value: string) => boolean;
// Every candidate of a question is converted for every slot: each slot's layout is read once.
const layouts = new WeakMap<Slot, Fits | null>();

/** Whether a value fits the layout the property's description states; undefined when the schema says it itself or nothing is stated. */
export function statedLayout(slot: Slot): Fits | undefined {
  let fits = layouts.get(slot);
  if (fits === undefined) layouts.set(slot, (fits = readLayout(slot) ?? null));
  return fits ?? undefined;
}

function readLayout(slot: Slot): Fits | undefined {
  const { schema } = slot;
  if (slot.type !== 'string' || schema.format !== undefined || schema.pattern !== undefined) return undefined;
  if (Array.isArray(schema.enum)) return undefined;
  const clock = clockLayoutOf(slot);
  if (clock) {
    const layout = clock.length > 5 ? /^\d{1,2}:\d{2}:\d{2}$/ : /^\d{1,2}:\d{2}$/;
    return (value) => layout.test(value);
  }
  const date = dateLayoutIn(slot.description);
  if (date) {
    const layout = new RegExp(
      `^${date
        .split(/(YYYY|MM|DD)/)
        .map((part) => (part === 'YYYY' ? '\\d{4}' : part === 'MM' || part === 'DD' ? '\\d{1,2}' : escaped(part)))
        .join('')}$`,
    );
    return (value) => layout.test(value);
  }
  // An address is checked as the service checks `format: email` (format-accepts.ts).
  if (EMAIL_LAYOUT.test(slot.description)) return (value) => formatAccepts('email', value);
  // A place shown with its region's code ("e.g. 'Denver, CO'"): "Portland, Maine" is not in that
  // layout, and sending it would look like an answer to a function that wants the code.
  const example = EXAMPLE.exec(slot.description)?.[1];
  return example !== undefined && shapeOf(example) === NAME_AND_CODE
    ? (value) => !value.includes(',') || shapeOf(value) === NAME_AND_CODE
    : undefined;
}

// The first quoted example a description gives ("e.g. 'Oslo, NO'", "such as \"Reno, NV\"").
const EXAMPLE = /\b(?:e\.?g\.?|such\s+as|for\s+example|like)[,:]?\s*['"‘“]([^'"’”]+)['"’”]/i;
const NAME_AND_CODE = 'N, #';

/**
 * The value is written in the layout of the description's example, one of more than one part ("Reed v.
 * Hollis" for "e.g. 'Smith v. Jones'", "Reno, NV" for "e.g. 'Denver, CO'"): evidence it is this
 * property's. A one-word example ("e.g. 'Mars'") shows no layout.
 */
export function fitsExampleLayout(slot: Slot, value: unknown): boolean {
  const example = slot.type === 'string' ? EXAMPLE.exec(slot.description)?.[1] : undefined;
  if (example === undefined || typeof value !== 'string') return false;
  const shape = shapeOf(example);
  return /[^N#9]/.test(shape.replace(/\s/g, '')) && /[N#9]/.test(shape) && shapeOf(value) === shape;
}

/** A value's layout: codes of two or three capitals as #, runs of capitalised words as N, digits as 9. */
function shapeOf(value: string): string {
  return value
    .trim()
    .replace(/\b\p{Lu}{2,3}\b/gu, '#')
    .replace(/\p{Lu}[\p{Ll}'’.-]*(?:\s+\p{Lu}[\p{Ll}'’.-]*)*/gu, 'N')
    .replace(/\d+/g, '9')
    .replace(/\s*,\s*/g, ', ');
}
