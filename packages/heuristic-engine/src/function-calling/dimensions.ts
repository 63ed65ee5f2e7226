// A size written as "800 by 600", "1920x1080" or "30 ft x 12 ft x 8 ft" fills the function's size
// properties in the order sizes are written in: length, width, height, depth ("L × W × H"; a
// picture or a screen, with no length, is "W × H"). The written order is the role, so the numbers go
// there whatever else the question says, converted to the unit a property names.
import type { Question } from './question';
import type { Slot } from './slots';
import { toPropertyMeasureUnit } from '../values/measure-units';

const DIMENSION_ORDER = ['length', 'width', 'height', 'depth'];
// A number and the unit written with it; "x" and "by" are the separators, never a unit.
const NUMBER = String.raw`(\d+(?:\.\d+)?)(?:\s*((?!(?:x|by)(?!\p{L}))[\p{L}"']+))?`;
// A dot after the last number ends the sentence ("800 by 600."); one before a digit would continue it.
const SIZE = new RegExp(
  String.raw`(?<![\d.])${NUMBER}\s*(?:x|×|by)\s*${NUMBER}(?:\s*(?:x|×|by)\s*${NUMBER})?(?!\d|\.\d)`,
  'iu',
);

/** The property's size word, if its name has exactly one: `width`, `height_cm`, `boxLength`. */
function dimensionOf(slot: Slot): number {
  if (slot.type !== 'number' && slot.type !== 'integer') return -1;
  const words = slot.name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z]+/);
  const found = DIMENSION_ORDER.filter((d) => words.includes(d));
  return found.length === 1 ? DIMENSION_ORDER.indexOf(found[0]!) : -1;
}

export interface Dimensions {
  values: Map<Slot, number>;
  start: number;
  end: number;
}

/** The size properties a written "A by B" fills, if the tool has as many size properties as the size has numbers. */
export function settleDimensions(slots: Slot[], question: Question): Dimensions | undefined {
  const sized = slots.filter((s) => dimensionOf(s) >= 0).sort((a, b) => dimensionOf(a) - dimensionOf(b));
  if (sized.length < 2 || new Set(sized.map(dimensionOf)).size !== sized.length) return undefined;
  const written = SIZE.exec(question.text);
  if (!written) return undefined;
  const numbers: { value: number; unit?: string }[] = [];
  for (let i = 1; i < written.length; i += 2)
    if (written[i] !== undefined) numbers.push({ value: Number(written[i]), unit: written[i + 1]?.trim() });
  if (numbers.length !== sized.length) return undefined;
  const values = new Map<Slot, number>();
  numbers.forEach(({ value, unit }, i) => {
    const slot = sized[i]!;
    const converted = unit ? (toPropertyMeasureUnit(value, unit, `${slot.label} ${slot.description}`) ?? value) : value;
    if (slot.type === 'number' || Number.isInteger(converted)) values.set(slot, converted);
  });
  return values.size === sized.length
    ? { values, start: written.index, end: written.index + written[0].length }
    : undefined;
}
