// Many people type a whole message in lower case. That changes nothing about what is asked, so it
// must never turn an answer into another call: a value the engine cannot read without the capitals
// is asked for instead. The examples are our own.
import { describe, expect, it } from 'vitest';
import { decideFunctionCall } from '../src/engine';
import type { ToolDefinition } from '@fnquery/contracts';
import { tool } from './schema-builders';

const decide = (question: string, offered: ToolDefinition) => {
  const decision = decideFunctionCall({ question, tools: [offered], named: true }).value;
  return 'calls' in decision ? (JSON.parse(decision.calls[0]!.arguments) as Record<string, unknown>) : decision.text;
};

const playerFigures = tool(
  'player_figures',
  "A tennis player's career figures.",
  {
    player_name: { type: 'string', description: 'Name of the player.' },
    fields: { type: 'array', items: { type: 'string' }, description: 'Figures wanted.' },
  },
  ['player_name'],
);
const galleryHours = tool('gallery_hours', 'Opening hours of a gallery on a day.', {
  gallery_name: { type: 'string', description: 'Name of the gallery.' },
  day: { type: 'string', enum: ['Monday', 'Sunday'], description: 'Day of the week.' },
});

describe('a message typed without capitals', () => {
  it('asks for a name it could only guess from lower-case words', () => {
    expect(decide('career figures of tennis player rafa nadal including titles and finals', playerFigures)).toMatch(
      /need the player name/,
    );
    expect(decide('hours of the gallery of modern art on monday', galleryHours)).toMatch(/need the gallery name/);
  });

  it('reads the same name from its capitals', () => {
    expect(decide('Career figures of tennis player Rafa Nadal including titles and finals', playerFigures)).toEqual({
      player_name: 'Rafa Nadal',
    });
  });

  it('judges the message as typed: a capital in its greeting shows the user types capitals', () => {
    // The greeting is no part of the request, but it shows that the words after it are not cased by chance.
    expect(typeof decide('Hi, hours of the gallery of modern art on monday', galleryHours)).toBe('object');
  });

  it('still sends a name its form settles: quoted', () => {
    expect(decide("hours of the gallery 'modern art' on monday", galleryHours)).toEqual({
      gallery_name: 'modern art',
      day: 'Monday',
    });
  });
});

describe('a unit typed in lower case', () => {
  const resonance = tool('lc_resonance', 'Resonant frequency of a circuit of a coil and a capacitor.', {
    inductance: { type: 'number', description: 'Inductance in henries (H).' },
    capacitance: { type: 'number', description: 'Capacitance in farads (F).' },
  });

  it('is still converted to the base unit the description names by its symbol', () => {
    expect(decide('resonant frequency with an inductance of 30mh and a capacitance of 220µf', resonance)).toEqual({
      inductance: 0.03,
      capacitance: 0.00022,
    });
  });
});

describe('coordinates typed in lower case', () => {
  const flight = tool('great_circle', 'Great-circle distance between two points.', {
    point1: { type: 'array', items: { type: 'number' }, description: 'Latitude and longitude of the first point.' },
    point2: { type: 'array', items: { type: 'number' }, description: 'Latitude and longitude of the second point.' },
  });

  it('keep their hemispheres: south and west are negative', () => {
    expect(decide('great circle distance from (12.5 s, 45.25 w) to (8.75 n, 3.5 e)', flight)).toEqual({
      point1: [-12.5, -45.25],
      point2: [8.75, 3.5],
    });
  });
});
