// A number written with a compound unit ("9.8 m/s^2", "40 km/h", "3 mol/L") is the value of the
// property whose description writes that same unit. Units that share a stem ("m/s" and "m/s^2",
// speed and acceleration) are told apart by the whole written unit, not by its words: a number in
// m/s^2 is no value of a property described "in m/s".
import type { Candidate, Question } from './question';
import type { Slot } from './slots';

// A numeral, then (after at most one space) a unit with a slash and an optional power.
const COMPOUND_AFTER_NUMBER = /^[-+]?[$€£]?[\d.,]+\s?([\p{L}µ°]+\/[\p{L}]+(?:\^?[23]|[²³])?)(?![\p{L}\p{N}^²³/])/u;

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The compound unit written right after a number, when there is one. */
export function compoundUnit(question: Question, c: Candidate): string | undefined {
  if (c.kind !== 'number') return undefined;
  return COMPOUND_AFTER_NUMBER.exec(question.text.slice(c.start))?.[1];
}

/** The property's description writes this very unit (not a longer one it begins: "m/s" is not in "m/s^2"). */
export function describesUnit(slot: Slot, unit: string): boolean {
  return new RegExp(`(?<![\\p{L}\\p{N}/])${escaped(unit)}(?![\\p{L}\\p{N}^²³/])`, 'iu').test(slot.description);
}

/**
 * Whether a number's compound unit ties it to this property: 'this' when the property's description
 * writes the unit, 'other' when only another property's does, undefined when no description does.
 */
export function compoundUnitOwner(question: Question, slots: Slot[], slot: Slot, c: Candidate) {
  const unit = compoundUnit(question, c);
  if (!unit) return undefined;
  if (describesUnit(slot, unit)) return 'this';
  return slots.some((s) => s !== slot && describesUnit(s, unit)) ? 'other' : undefined;
}
