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

const heating = tool('heat_zone', 'Heat a zone of the house.', {
  zone: { type: 'string', description: 'Zone of the house.' },
  target_c: { type: 'number', description: 'Temperature to reach, in degrees Celsius.' },
});
const resize = tool('resize_image', 'Resize an image.', {
  image_id: { type: 'string', description: 'Image to resize.' },
  width: { type: 'integer', description: 'New width in pixels.' },
  height: { type: 'integer', description: 'New height in pixels.' },
});
const departures = tool('next_departures', 'Next departures from a stop.', {
  stop: { type: 'string', description: 'Stop to depart from.' },
  count: { type: 'integer', description: 'How many departures to list.' },
});
const argsOf = (question: string, offered: typeof tides) =>
  heuristicFunctionTurn({ messages: [{ role: 'user', content: question }], tools: [offered] }).toolCalls.map(
    (c) => JSON.parse(c.arguments) as unknown,
  );

describe('a sentence around the request that names nothing', () => {
  it('is no value: "Quick question." gives no zone called Quick', () => {
    expect(argsOf('Quick question. Heat the kitchen to 21 degrees', heating)).toEqual([
      { zone: 'kitchen', target_c: 21 },
    ]);
  });

  it('is no first request: "Can you help?" before "Next …" leaves one request, not two', () => {
    expect(argsOf('Can you help? Next 4 departures from Kellsby Pier', departures)).toEqual([
      { stop: 'Kellsby Pier', count: 4 },
    ]);
  });

  it('ends no size early: "640 by 480." with its full stop is still a size', () => {
    expect(argsOf('Resize img-7 to 640 by 480. Thanks in advance!', resize)).toEqual([
      { image_id: 'img-7', width: 640, height: 480 },
    ]);
  });
});

describe('spaces around the message', () => {
  const cone = tool('cone_volume', 'Volume of a cone.', {
    radius: { type: 'number', description: 'Radius of the base.' },
    height: { type: 'number', description: 'Height of the cone.' },
  });
  it('are no part of it: a number before the last full stop is still read', () => {
    expect(argsOf('Work out the volume of a cone with radius 2 and height 9. ', cone)).toEqual([
      { radius: 2, height: 9 },
    ]);
  });
});

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

describe('the final mark of the message', () => {
  const pollen = tool('pollen_count', 'Pollen count at a place and time.', {
    location: { type: 'string', description: 'The city.' },
    time: { type: 'string', description: 'The time of day.' },
  });
  const timeSent = (question: string) => {
    const [call] = heuristicFunctionTurn({
      messages: [{ role: 'user', content: question }],
      tools: [pollen],
    }).toolCalls;
    return (JSON.parse(call!.arguments) as { time: string }).time;
  };

  it('is no part of a time written just before it, with the mark or without', () => {
    expect(timeSent('Pollen count in Lyon at 9am.')).toBe('9am');
    expect(timeSent('Pollen count in Lyon at 9am')).toBe('9am');
  });

  it('leaves the dots of "a.m." in place', () => {
    expect(timeSent('Pollen count in Lyon at 9 a.m. please')).toBe('9 a.m.');
  });
});
