// The last check before a call is sent (src/function-calling/gate.ts): a value cut out of a word, a
// place without the region its description asks for, and an optional value the question gives but
// the call would leave out are asked for, never sent as a guess. Examples are our own.
import { describe, expect, it } from 'vitest';
import { heuristicFunctionTurn } from '../src/function-calling';
import type { ToolDefinition } from '@fnquery/contracts';
import type { ChatResponse } from '../src/turn';
import { unsettledSlots, type Placement } from '../src/function-calling/gate';
import { readQuestion } from '../src/function-calling/question';
import { toolShape } from '../src/function-calling/slots';

const turn = (question: string, tool: ToolDefinition): ChatResponse =>
  heuristicFunctionTurn({ messages: [{ role: 'user', content: question }], tools: [tool] });

const callArguments = (response: ChatResponse): Record<string, unknown> | undefined =>
  response.toolCalls[0] ? (JSON.parse(response.toolCalls[0].arguments) as Record<string, unknown>) : undefined;

describe('a string value cut out of a longer written word', () => {
  const scales: ToolDefinition = {
    name: 'scale_notes',
    description: 'List the notes of a scale.',
    parameters: {
      type: 'object',
      properties: { root: { type: 'string', description: "Root of the scale, e.g. 'A', 'Bb'." } },
      required: ['root'],
    },
  };

  it('asks for the root rather than sending the "A" of "A#"', () => {
    const response = turn('Which notes are in the A# scale?', scales);
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/root/);
  });

  it('sends a root written as a word of its own', () => {
    expect(callArguments(turn('Which notes are in the A scale?', scales))).toEqual({ root: 'A' });
  });
});

describe('a place whose description asks for city and state', () => {
  const bakeries: ToolDefinition = {
    name: 'bakery_search',
    description: 'Find bakeries in a city.',
    parameters: {
      type: 'object',
      properties: { location: { type: 'string', description: 'The city and state, e.g. Dayton, OH.' } },
      required: ['location'],
    },
  };

  it('asks for the state when the question names only the city', () => {
    const response = turn('Find bakeries in Dayton.', bakeries);
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/location/);
  });

  it('calls with the city and its state', () => {
    expect(callArguments(turn('Find bakeries in Dayton, Ohio.', bakeries))).toEqual({ location: 'Dayton, Ohio' });
  });
});

describe('an optional value the question gives', () => {
  const scores: ToolDefinition = {
    name: 'game_scores',
    description: 'Scores of a player in a game.',
    parameters: {
      type: 'object',
      properties: {
        game: { type: 'string', description: 'Title of the game.' },
        player: { type: 'string', description: 'Handle of the player.' },
        console: { type: 'string', description: 'Where the game is played.', default: 'PC' },
      },
      required: ['game', 'player'],
    },
  };

  it('is asked for when nothing ties it to its property and the call would leave it out', () => {
    const response = turn("Scores in 'Tetris' on Xbox for player 'mira'.", scores);
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/console/);
  });

  it('is no reason to ask when it is the default the function uses anyway', () => {
    expect(callArguments(turn("Scores in 'Tetris' on PC for player 'mira'.", scores))).toEqual({
      game: 'Tetris',
      player: 'mira',
    });
  });

  it('is not read from a word capitalised only because it starts the sentence', () => {
    expect(callArguments(turn("Quick, scores in 'Tetris' for player 'mira'.", scores))).toEqual({
      game: 'Tetris',
      player: 'mira',
    });
  });

  it('is not read from a number inside a name', () => {
    const tank: ToolDefinition = {
      name: 'tank_volume',
      description: 'Volume of a cylindrical tank.',
      parameters: {
        type: 'object',
        properties: {
          radius: { type: 'number', description: 'Radius of the tank in metres.' },
          height: { type: 'number', description: 'Height of the tank in metres.' },
          wall: { type: 'number', description: 'Thickness of the wall to subtract.' },
        },
        required: ['radius', 'height'],
      },
    };
    expect(callArguments(turn('Volume of tank T2 with radius 2 and height 5.', tank))).toEqual({
      radius: 2,
      height: 5,
    });
  });
});

describe('free text that nothing in the question settles', () => {
  const parcels: ToolDefinition = {
    name: 'parcel_lookup',
    description: 'Look up a land parcel.',
    parameters: {
      type: 'object',
      properties: {
        parcel: { type: 'string', description: 'Parcel number.' },
        address: { type: 'string', description: 'Street address of the parcel.' },
      },
      required: ['parcel', 'address'],
    },
  };

  it('asks for the address rather than sending a left-over word after "in the"', () => {
    const response = turn('Look up parcel 88120 and list its owners in the reply.', parcels);
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/address/);
  });

  it('calls when the question writes the address', () => {
    expect(callArguments(turn('Look up parcel 88120 at 14 Mill Lane.', parcels))).toEqual({
      parcel: '88120',
      address: '14 Mill Lane',
    });
  });

  const heat: ToolDefinition = {
    name: 'heat_needed',
    description: 'Heat needed to change the state of a substance.',
    parameters: {
      type: 'object',
      properties: {
        mass: { type: 'integer', description: 'Mass in grams.' },
        change: { type: 'string', description: 'The change of state, such as melting or boiling.' },
      },
      required: ['mass', 'change'],
    },
  };

  it('never sends the name of a unit as the value of a property that is no unit', () => {
    const response = turn('How much heat (in Joules) does it take to turn 50g of ice into water?', heat);
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/change/);
  });

  it('calls when the question names the change', () => {
    expect(callArguments(turn('How much heat does melting 50g of ice take?', heat))).toEqual({
      mass: 50,
      change: 'melting',
    });
  });
});

describe('"few" says no to a yes/no property, "a few" says yes', () => {
  const pets: ToolDefinition = {
    name: 'pet_match',
    description: 'Match a pet to a household.',
    parameters: {
      type: 'object',
      properties: {
        garden: { type: 'boolean', description: 'Whether the home has a garden.' },
        visitors: { type: 'boolean', description: 'Whether the home has many visitors.' },
      },
      required: ['garden', 'visitors'],
    },
  };

  it('reads "few visitors" as no', () => {
    expect(callArguments(turn('Match a pet to our home: we have a garden and few visitors.', pets))).toEqual({
      garden: true,
      visitors: false,
    });
  });

  it('reads "a few visitors" as yes', () => {
    expect(callArguments(turn('Match a pet to our home: we have a garden and a few visitors.', pets))).toEqual({
      garden: true,
      visitors: true,
    });
  });
});

describe('a phrase whose end the question does not settle', () => {
  const origin: ToolDefinition = {
    name: 'origin',
    description: 'Who first described something.',
    parameters: {
      type: 'object',
      properties: { topic: { type: 'string', description: 'What was described.' } },
      required: ['topic'],
    },
  };
  const [topic] = toolShape(origin).slots;
  const placed = (question: string, value: string): Placement[] => {
    const start = question.indexOf(value);
    return [
      {
        slot: topic!,
        candidate: { kind: 'text', source: 'phrase', start, end: start + value.length, text: value },
        value,
        strong: 1,
      },
    ];
  };
  const unsettled = (question: string, value: string) =>
    unsettledSlots(readQuestion(question), [topic!], placed(question, value), [], () => undefined).map((s) => s.name);

  it('is asked for when "of" and a lower-case word go on with it', () => {
    expect(unsettled('Who first described the cycle of rocks?', 'cycle')).toEqual(['topic']);
  });

  it('is sent when the question ends it', () => {
    expect(unsettled('Who first described the rock cycle?', 'rock cycle')).toEqual([]);
    expect(unsettled('Who first described the cycle of Wilson?', 'cycle')).toEqual([]);
  });
});

describe('a yes/no property with a clipped name', () => {
  const fixtures: ToolDefinition = {
    name: 'club_fixtures',
    description: 'Upcoming fixtures of a club.',
    parameters: {
      type: 'object',
      properties: {
        club: { type: 'string', description: 'Name of the club.' },
        with_info: { type: 'boolean', description: 'Add venue details. Default is false.' },
      },
      required: ['club'],
    },
  };

  it('is set by the full word ("info" by "information")', () => {
    expect(callArguments(turn('Upcoming fixtures of Ajax. Add the information too.', fixtures))).toEqual({
      club: 'Ajax',
      with_info: true,
    });
  });

  it('stays out when the question does not ask for it', () => {
    expect(callArguments(turn('Upcoming fixtures of Ajax.', fixtures))).toEqual({ club: 'Ajax' });
  });
});

describe('a number that counts things rather than measuring one', () => {
  const box: ToolDefinition = {
    name: 'box_volume',
    description: 'Volume of a box from its edges.',
    parameters: {
      type: 'object',
      properties: {
        edge1: { type: 'number', description: 'First edge.' },
        edge2: { type: 'number', description: 'Second edge.' },
        edge3: { type: 'number', description: 'Third edge.' },
      },
      required: ['edge1', 'edge2', 'edge3'],
    },
  };

  it('is no value of one of a numbered series ("three edges")', () => {
    const response = turn('What is the volume of a box with three edges of 2 and 5 m?', box);
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/edge/);
  });

  it('leaves the count out when the edges are measures ("2 m, 5 m and 4 m")', () => {
    const response = turn('What is the volume of a box if its three edges are 2 m, 5 m and 4 m?', box);
    expect(response.toolCalls.map((c) => JSON.parse(c.arguments))).toEqual([{ edge1: 2, edge2: 5, edge3: 4 }]);
  });

  it('leaves the edges written one by one to the call', () => {
    expect(callArguments(turn('What is the volume of a box with edges of 2 m, 5 m and 4 m?', box))).toEqual({
      edge1: 2,
      edge2: 5,
      edge3: 4,
    });
  });

  it('is no value of a property per that thing ("two pizzas" for slices per pizza)', () => {
    const party: ToolDefinition = {
      name: 'party',
      description: 'Plan party food.',
      parameters: {
        type: 'object',
        properties: { slices_per_pizza: { type: 'integer', description: 'Slices in each pizza.' } },
        required: ['slices_per_pizza'],
      },
    };
    const [slot] = toolShape(party).slots;
    const question = readQuestion('We ordered 2 pizzas.');
    const start = question.text.indexOf('2');
    const number = question.candidates.find((c) => c.kind === 'number' && c.start === start)!;
    const sent: Placement[] = [{ slot: slot!, candidate: number, value: 2, strong: 1 }];
    expect(unsettledSlots(question, [slot!], sent, sent, () => undefined).map((s) => s.name)).toEqual([
      'slices_per_pizza',
    ]);
  });

  it('knows the thing by an irregular plural ("three geese" for eggs per goose)', () => {
    const farm: ToolDefinition = {
      name: 'egg_yield',
      description: 'Eggs a flock lays in a week.',
      parameters: {
        type: 'object',
        properties: {
          eggs_per_goose: { type: 'integer', description: 'Eggs each goose lays in a week.' },
        },
        required: ['eggs_per_goose'],
      },
    };
    const response = turn('How many eggs do three geese lay?', farm);
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/eggs per goose/);
  });
});

describe('a number word the call leaves out', () => {
  const events: ToolDefinition = {
    name: 'events',
    description: 'List events.',
    parameters: {
      type: 'object',
      properties: { count: { type: 'integer', description: 'How many to list. Default is 5.' } },
    },
  };
  const [count] = toolShape(events).slots;
  const given = (text: string) => {
    const question = readQuestion(text);
    const all: Placement[] = question.candidates
      .filter((c) => c.kind === 'number')
      .map((c) => ({ slot: count!, candidate: c, value: c.kind === 'number' ? c.mention.value : 0, strong: 0 }));
    return unsettledSlots(question, [count!], [], all, () => 5).map((s) => s.name);
  };

  it('is asked for from three on ("seven events")', () => {
    expect(given('List seven events.')).toEqual(['count']);
  });

  it('is no value when it may be a determiner or an ordinal ("two", "the third")', () => {
    expect(given('List the two events.')).toEqual([]);
    expect(given('List the third event.')).toEqual([]);
  });
});
