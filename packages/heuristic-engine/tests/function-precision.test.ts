// Precision before recall in reading values: a value is sent only when the question settles which
// property it fills. Where nothing does, the engine asks (naming the value) instead of guessing.
// Examples are our own.
import { describe, expect, it } from 'vitest';
import { heuristicFunctionTurn } from '../src/function-calling';
import type { ToolDefinition } from '@fnquery/contracts';
import type { ChatResponse } from '../src/turn';

const turn = (question: string, tool: ToolDefinition): ChatResponse =>
  heuristicFunctionTurn({ messages: [{ role: 'user', content: question }], tools: [tool] });

const callArguments = (response: ChatResponse): Record<string, unknown> | undefined =>
  response.toolCalls[0] ? (JSON.parse(response.toolCalls[0].arguments) as Record<string, unknown>) : undefined;

const disputes: ToolDefinition = {
  name: 'list_disputes',
  description: 'List the legal disputes a company was party to in a year.',
  parameters: {
    type: 'object',
    properties: {
      company_name: { type: 'string', description: 'The name of the company.' },
      year: { type: 'integer', description: 'The year the disputes were filed.' },
    },
    required: ['company_name', 'year'],
  },
};

describe('a capitalised name with no evidence, beside another name', () => {
  it('asks for the company rather than guessing between two names', () => {
    const response = turn('Show Trademark disputes of Globex in 2021.', disputes);
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/company name/);
  });

  it('calls with the one name the question writes', () => {
    expect(callArguments(turn('Show the disputes of Globex in 2021.', disputes))).toEqual({
      company_name: 'Globex',
      year: 2021,
    });
  });

  it('calls when a cue settles which name is the company', () => {
    expect(callArguments(turn('Show Trademark disputes of the company Globex in 2021.', disputes))).toEqual({
      company_name: 'Globex',
      year: 2021,
    });
  });
});

describe('a name followed by the number the call sends', () => {
  const payment: ToolDefinition = {
    name: 'send_money',
    description: 'Send money to a person.',
    parameters: {
      type: 'object',
      properties: {
        recipient: { type: 'string', description: 'Who receives the money.' },
        amount: { type: 'number' },
      },
      required: ['recipient', 'amount'],
    },
  };

  it('is still a rival name: "Tom 15" leaves Tom free, so nothing settles who is paid', () => {
    const response = turn('Rosa owes me nothing; send Tom 15', payment);
    expect(response.toolCalls).toEqual([]);
  });

  it('is the recipient when it is the only name', () => {
    expect(callArguments(turn('Send 15 to Tom', payment))).toEqual({ recipient: 'Tom', amount: 15 });
  });
});

describe('the word written with a number is its unit', () => {
  const melting: ToolDefinition = {
    name: 'melting_point',
    description: 'Melting point of a substance at a given pressure.',
    parameters: {
      type: 'object',
      properties: {
        substance: { type: 'string', description: 'Name of the substance.' },
        pressure: { type: 'number', description: 'Ambient pressure.' },
      },
      required: ['substance', 'pressure'],
    },
  };

  it('asks for the substance rather than send the unit of the pressure', () => {
    const response = turn('Melting point at a pressure of 40 kPa?', melting);
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/need the substance/);
  });

  it('still calls when the question names the substance', () => {
    expect(callArguments(turn('Melting point of Gallium at a pressure of 40 kPa?', melting))).toEqual({
      substance: 'Gallium',
      pressure: 40,
    });
  });
});

describe('a description that says "scale" in another sense holds no unit', () => {
  const drills: ToolDefinition = {
    name: 'practice_drill',
    description: 'Build a practice drill.',
    parameters: {
      type: 'object',
      properties: {
        root: { type: 'string', description: 'The note the scale exercise starts from.' },
        speed: { type: 'integer', description: 'Speed of the exercise in BPM.' },
      },
      required: ['root', 'speed'],
    },
  };

  it('asks for the root rather than send the unit written with the speed', () => {
    const response = turn('Make a drill at 90 BPM', drills);
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/need the root/);
  });

  it('calls when the question names the root', () => {
    expect(callArguments(turn('Make a drill from G at 90 BPM', drills))).toEqual({ root: 'G', speed: 90 });
  });
});

describe('a default the description states in words', () => {
  const plants = (colour: string): ToolDefinition => ({
    name: 'find_plants',
    description: 'Find garden plants for a soil type.',
    parameters: {
      type: 'object',
      properties: {
        soil: { type: 'string', enum: ['clay', 'sand', 'loam'], description: 'Soil type.' },
        colour: { type: 'string', description: `Flower colour. ${colour}` },
      },
      required: ['soil', 'colour'],
    },
  });

  it('asks for a required value whose "default" is the start of a sentence', () => {
    const response = turn('Which plants grow in clay?', plants('Default is not applied unless set.'));
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/need the colour/);
  });

  it('takes a stated default that is a value', () => {
    expect(callArguments(turn('Which plants grow in clay?', plants('Default is white.')))).toEqual({
      soil: 'clay',
      colour: 'white',
    });
  });
});

describe('a multiple of pi', () => {
  const rotate = (places: string): ToolDefinition => ({
    name: 'rotate_shape',
    description: 'Rotate a shape on the canvas.',
    parameters: {
      type: 'object',
      properties: { angle: { type: 'number', description: `Angle in radians.${places}` } },
      required: ['angle'],
    },
  });

  it('sends the angle, not the numeral written before "pi"', () => {
    expect(callArguments(turn('Rotate it by 1.5 pi', rotate('')))).toEqual({ angle: 1.5 * Math.PI });
  });

  it('rounds to the decimal places the description fixes', () => {
    expect(callArguments(turn('Rotate it by 0.5π', rotate(' Three decimal places.')))).toEqual({ angle: 1.571 });
  });
});

describe('a name that goes on with the kind of place it names', () => {
  const levels: ToolDefinition = {
    name: 'water_level',
    description: 'Current water level of a body of water.',
    parameters: {
      type: 'object',
      properties: { location: { type: 'string', description: 'Where to read the level.' } },
      required: ['location'],
    },
  };

  it('sends the river, not the region the name alone would be', () => {
    expect(callArguments(turn('What is the water level in the Shannon river?', levels))).toEqual({
      location: 'Shannon river',
    });
  });
});

describe('lower-case words that are no value of their own', () => {
  const ticket: ToolDefinition = {
    name: 'ticket_status',
    description: 'Status of a support ticket.',
    parameters: {
      type: 'object',
      properties: { ticket_id: { type: 'string', description: 'Identifier of the ticket.' } },
      required: ['ticket_id'],
    },
  };

  it('asks for an id rather than take describing words as one', () => {
    const response = turn('What is the status of my most urgent ticket?', ticket);
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/need the ticket id/);
  });

  it('takes an id written as one', () => {
    expect(callArguments(turn('What is the status of ticket T-2291?', ticket))).toEqual({ ticket_id: 'T-2291' });
  });
});
