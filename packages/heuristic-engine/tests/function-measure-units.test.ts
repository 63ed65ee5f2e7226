// A number written in another unit than the one its property names is converted to that unit;
// sent as written it would be a wrong call that looks right. Examples are our own.
import { describe, expect, it } from 'vitest';
import { heuristicFunctionTurn } from '../src/function-calling';
import type { ToolDefinition } from '@fnquery/contracts';
import { toPropertyMeasureUnit } from '../src/values/measure-units';
import { tool } from './schema-builders';

const firstCall = (question: string, offered: ToolDefinition): Record<string, unknown> | undefined => {
  const response = heuristicFunctionTurn({ messages: [{ role: 'user', content: question }], tools: [offered] });
  return response.toolCalls[0] ? (JSON.parse(response.toolCalls[0].arguments) as Record<string, unknown>) : undefined;
};

const pace = tool('running_pace', 'Running pace from a distance and a time', {
  distance_km: { type: 'number', description: 'Distance run' },
  minutes: { type: 'number', description: 'Time taken in minutes' },
});

describe('a length, a mass or a temperature in the property unit', () => {
  it('converts miles for a property named in km, and hours for one in minutes', () => {
    expect(firstCall('My pace if I ran 5 miles in 1 hour?', pace)).toEqual({ distance_km: 8.04672, minutes: 60 });
  });

  it('keeps a number already in the property unit', () => {
    expect(firstCall('My pace if I ran 12 km in 70 minutes?', pace)).toEqual({ distance_km: 12, minutes: 70 });
  });

  it.each([
    [3, 'feet', 'Height in metres', 0.9144],
    [2, 'pounds', 'Weight in kilograms', 0.90718474],
    [500, 'g', 'mass_kg', 0.5],
    [212, 'fahrenheit', 'Water temperature in Celsius', 100],
    [0, 'celsius', 'temperature in kelvin', 273.15],
  ])('%s %s for "%s" → %s', (value, unit, words, expected) => {
    expect(toPropertyMeasureUnit(value, unit, words)).toBeCloseTo(expected, 9);
  });

  it('leaves the number alone where the property names no single unit, or leaves it to a unit property', () => {
    expect(toPropertyMeasureUnit(3, 'miles', 'Distance in km or miles')).toBeUndefined();
    expect(toPropertyMeasureUnit(3, 'miles', 'Distance, in the unit given by `unit`')).toBeUndefined();
    expect(toPropertyMeasureUnit(3, 'miles', 'Distance travelled')).toBeUndefined();
    expect(toPropertyMeasureUnit(3, 'km', 'Distance in kilometers')).toBeUndefined();
  });
});

describe('a number in a unit of another kind', () => {
  const load = tool('axle_load', 'Load per axle of a trailer', {
    mass_kg: { type: 'number', description: 'Loaded mass' },
    length_m: { type: 'number', description: 'Trailer length' },
  });

  it('is not sent to a property that names a unit of another kind; a list shares its last unit', () => {
    // "900 and 1200 kg": both are masses, so neither is the length, which is asked for.
    const response = heuristicFunctionTurn({
      messages: [{ role: 'user', content: 'Axle load for 900 and 1200 kg' }],
      tools: [load],
    });
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/need the length m/);
  });

  it('fans out over the masses when the length is given', () => {
    const response = heuristicFunctionTurn({
      messages: [{ role: 'user', content: 'Axle load for 900 and 1200 kg on a 6 trailer' }],
      tools: [load],
    });
    expect(response.toolCalls.map((c) => JSON.parse(c.arguments) as unknown)).toEqual([
      { mass_kg: 900, length_m: 6 },
      { mass_kg: 1200, length_m: 6 },
    ]);
  });

  it('is sent where the units fit', () => {
    expect(firstCall('Axle load for a mass of 1200 kg and a length of 6 m', load)).toEqual({
      mass_kg: 1200,
      length_m: 6,
    });
  });
});

const convertVolume = tool('volume_units', 'Change a volume into another unit.', {
  amount: { type: 'number', description: 'Volume to change.' },
  source_unit: { type: 'string', description: 'Unit the volume is in.' },
  wanted_unit: { type: 'string', description: 'Unit wanted.' },
});

describe('kitchen volumes (pints, quarts, cups) as units', () => {
  it('settles which unit is asked for and which is converted', () => {
    expect(firstCall('How many quarts is 3 litres?', convertVolume)).toEqual({
      amount: 3,
      source_unit: 'litres',
      wanted_unit: 'quarts',
    });
  });
});
