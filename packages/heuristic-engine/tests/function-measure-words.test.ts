// Which property a measure belongs to: a dimension named before the number ("a diameter of 6") is no
// value of a property that names another one (a radius), and a property's description word that the
// function's own name writes ("Height of the cylinder." in a cylinder's volume) is no cue for that one
// property: "a cylinder of 5 and 12" says nothing about which is the height. Examples are our own.
import { describe, expect, it } from 'vitest';
import { heuristicFunctionTurn } from '../src/function-calling';
import type { ToolDefinition } from '@fnquery/contracts';
import { tool } from './schema-builders';

const turn = (question: string, offered: ToolDefinition) => {
  const response = heuristicFunctionTurn({
    messages: [{ role: 'user', content: question }],
    tools: [offered],
    hint: { kind: 'function', question, named: true },
  });
  const call = response.toolCalls[0];
  return call ? (JSON.parse(call.arguments) as Record<string, unknown>) : response.content;
};

const tank = tool('tank_capacity', 'Capacity of a round water tank.', {
  radius: { type: 'number', description: 'Radius of the base.' },
  height: { type: 'number', description: 'Height of the tank.' },
});
const pipe = tool('pipe_flow', 'Flow through a pipe.', {
  diameter_mm: { type: 'number', description: 'Inner diameter of the pipe in millimetres.' },
  length_m: { type: 'number', description: 'Length of the pipe in metres.' },
});

describe('a dimension named before its number', () => {
  it('a diameter is no radius: asked for, not sent', () => {
    const reply = turn('Capacity of a tank with a diameter of 3 and a height of 2', tank);
    expect(typeof reply).toBe('string');
    expect(String(reply)).toMatch(/radius/i);
  });

  it('a radius and a height named before their numbers fill their own properties', () => {
    expect(turn('Capacity of a tank with a radius of 1.5 and a height of 2', tank)).toEqual({ radius: 1.5, height: 2 });
  });

  it('a diameter fills the property that names one', () => {
    expect(turn('Flow through a pipe with a diameter of 40 mm and a length of 12 m', pipe)).toEqual({
      diameter_mm: 40,
      length_m: 12,
    });
  });
});

describe("the function's own subject word is no cue for one property", () => {
  it('"a tank of 5 and 12" names neither the radius nor the height: asked', () => {
    const reply = turn('Capacity of a tank of 5 and 12', tank);
    expect(typeof reply).toBe('string');
    expect(String(reply)).toMatch(/radius/i);
  });
});

describe('a lone "m" or "g" after a number is a unit', () => {
  const fitness = tool('fitness_score', 'Fitness score from body measures.', {
    height_cm: { type: 'number', description: 'Height in centimetres.' },
    weight_kg: { type: 'number', description: 'Weight in kilograms.' },
  });

  it('metres and grams convert to the units the properties name', () => {
    expect(turn('Fitness score for 1.82 m and 76 kg', fitness)).toEqual({ height_cm: 182, weight_kg: 76 });
    expect(turn('Fitness score for 182 cm and 76500 g', fitness)).toEqual({ height_cm: 182, weight_kg: 76.5 });
  });
});
