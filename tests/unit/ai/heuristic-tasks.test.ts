// The heuristic engine behind the task ports: a named function is called with values read from the question,
// a rejected call is not repeated but explained, and every task's words are counted in the request's meter.
import { describe, expect, it } from 'vitest';
import { heuristicTasks } from '../../../lib/ai/heuristic-tasks';
import { UsageMeter } from '../../../lib/ai/usage';
import type { ToolDefinition } from '../../../lib/ai/ports';

const tool: ToolDefinition = {
  name: 'convert_length',
  description: 'Converts a length from one unit to another.',
  parameters: {
    type: 'object',
    properties: {
      body: {
        type: 'object',
        properties: {
          value: { type: 'number', description: 'The length to convert.' },
          unit: { type: 'string', enum: ['m', 'ft'], description: 'The unit to convert into.' },
        },
        required: ['value', 'unit'],
      },
    },
    required: ['body'],
  },
};

describe('heuristic tasks', () => {
  it('calls the named function with the values the question gives, and counts the words', async () => {
    const meter = new UsageMeter();
    const decision = await heuristicTasks(meter).functions.decide({ question: 'Convert 12 into ft', tool });

    expect(decision).toMatchObject({ call: { name: 'convert_length' } });
    if (!('call' in decision)) throw new Error('expected a call');
    expect(JSON.parse(decision.call.arguments)).toEqual({ body: { value: 12, unit: 'ft' } });
    expect(meter.total.calls).toBe(1);
    expect(meter.total.promptTokens).toBeGreaterThan(0);
  });

  it('says what it could not fill after a rejected call, instead of calling again', async () => {
    const call = { id: 'call_local_1', name: 'convert_length', arguments: '{"body":{"value":12}}' };
    const decision = await heuristicTasks(new UsageMeter()).functions.decide({
      question: 'Convert 12 please',
      tool,
      rejected: { call, problems: '/body/unit: is required' },
    });

    expect(decision).toEqual({ text: expect.stringContaining('/body/unit: is required') });
  });

  it('answers from the result, and re-shapes a rejected structured answer through the schema on repair', async () => {
    const meter = new UsageMeter();
    const tasks = heuristicTasks(meter);
    const call = { id: 'call_local_1', name: 'convert_length', arguments: '{"body":{"value":12,"unit":"ft"}}' };
    const input = { question: 'Convert 12 into ft', tool, outcome: { call, result: { feet: 39.37 } } };
    const schema = { type: 'object', properties: { feet: { type: 'number' } }, required: ['feet'] };

    expect(await tasks.functions.answer(input)).toContain('39.37');
    const repaired = await tasks.functions.answer(input, {
      schema,
      repair: { invalid: '{"feet":"39.37"}', errors: [] },
    });

    expect(JSON.parse(repaired)).toEqual({ feet: 39.37 });
    expect(meter.total.calls).toBe(2);
  });
});
