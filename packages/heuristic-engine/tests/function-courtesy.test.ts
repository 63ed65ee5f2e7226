// A sentence of courtesy before or after the request ("Thanks.", "Cheers", "Good morning.") names
// nothing: the call is the one the request alone gives. Before, a capitalised "Thanks" read as a name
// made the message look like two requests and the engine declined it as "several things". Found by
// adding such a sentence to every question of the function-calling bench (bench/tool-args.ts, tune
// half): 180 of 191 right calls changed. Examples are our own.
import { describe, expect, it } from 'vitest';
import { heuristicFunctionTurn } from '../src/function-calling';
import { tool } from './schema-builders';

const tides = tool('get_tide_times', 'Tide times of a harbour.', {
  harbour: { type: 'string', description: 'Harbour name.' },
  days: { type: 'integer', description: 'Days ahead to list.' },
});
const callsOf = (question: string) =>
  heuristicFunctionTurn({ messages: [{ role: 'user', content: question }], tools: [tides] }).toolCalls.map((c) => ({
    name: c.name,
    args: JSON.parse(c.arguments) as unknown,
  }));

describe('courtesy around a request', () => {
  const plain = 'What are the tide times at Port Elm for 3 days?';
  it.each([
    `${plain} Thanks.`,
    `${plain} Thanks!`,
    `${plain} Cheers`,
    `${plain} Sorry!`,
    `Good morning. ${plain}`,
    `Hey! ${plain}`,
    `Thanks! ${plain}`,
  ])('%s gives the call of the request alone', (question) => {
    expect(callsOf(plain)).toEqual([{ name: 'get_tide_times', args: { harbour: 'Port Elm', days: 3 } }]);
    expect(callsOf(question)).toEqual(callsOf(plain));
  });

  it('still reads a short second sentence that names a value', () => {
    // Not every short sentence is courtesy: "And Kellsby for 3 days." names a second harbour, so the
    // one call for Port Elm alone would leave it out (the engine asks which harbour instead).
    expect(callsOf('What are the tide times at Port Elm for 3 days? And Kellsby for 3 days.')).not.toEqual(
      callsOf(plain),
    );
  });
});
