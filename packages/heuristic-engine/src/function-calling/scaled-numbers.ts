// A letter after a number that the number reader cannot settle alone, settled by what the property
// measures (the reader keeps the letter as a unit, or as thousands, whatever the property):
// - "1.2m" is 1.2 million for an amount of money ("a 1.2m loan" for `principal`), 1.2 metres for
//   anything else;
// - "5k" is 5 kilometres for a property kept in kilometres ("a 5k run" for `distance_km`), where a
//   runner's "k" is the kilometre; "300k" is 300 kelvin for a temperature (written in lower case, as
//   users do, it was 300,000 degrees), converted to the scale the property names; 5,000 for anything else.
import { stemMatch } from '@fnquery/text-tools';
import { toPropertyMeasureUnit } from '../values/measure-units';
import { quantityStems, type NumberMention } from '../schema-values';
import type { Slot } from './slots';

// The words of a property a sum of money fills: price, amount, principal, budget…
const MONEY_STEMS = quantityStems({ currency: 'USD', percent: false, value: 1, whole: true });
const KILOMETRES = /\b(?:km|kilomet(?:er|re)s?)\b/i;
const TEMPERATURE = /\b(?:temp|temperatures?|kelvin|celsius|fahrenheit)\b/i;
const LENGTH = /\b(?:length|distance|height|width|depth|altitude|elevation|radius|diameter|met(?:er|re)s?)\b/i;

const wordsOf = (slot: Slot) => `${slot.name.replace(/[_-]+/g, ' ')} ${slot.description}`;

const measuresMoney = (slot: Slot) =>
  !LENGTH.test(wordsOf(slot)) &&
  [...slot.nameStems, ...slot.descriptionStems].some((s) => MONEY_STEMS.some((m) => stemMatch(s, m) >= 0.8));

/** The number's value read against the property, when the letter written with it means something else there. */
export function scaledForProperty(slot: Slot, mention: NumberMention): number | undefined {
  const attachedLetter = mention.unit !== undefined && mention.unitStart === undefined;
  if (attachedLetter && /^(?:m|mn|M)$/.test(mention.unit!) && measuresMoney(slot))
    return Number((mention.value * 1e6).toPrecision(15));
  if (/\dk$/.test(mention.text) && KILOMETRES.test(wordsOf(slot))) return Number((mention.value / 1e3).toPrecision(15));
  if (/\dk$/.test(mention.text) && TEMPERATURE.test(wordsOf(slot))) {
    const kelvin = Number((mention.value / 1e3).toPrecision(15));
    return toPropertyMeasureUnit(kelvin, 'kelvin', wordsOf(slot)) ?? kelvin;
  }
  return undefined;
}
