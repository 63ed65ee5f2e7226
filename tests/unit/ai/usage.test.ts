import { describe, expect, it } from 'vitest';
import type { ChatModel, Embedder } from '../../../lib/ai/ports';
import { addUsage, UsageMeter } from '../../../lib/ai/usage';

const usage = (promptTokens: number, completionTokens: number) => ({
  promptTokens,
  completionTokens,
  totalTokens: promptTokens + completionTokens,
});

describe('UsageMeter', () => {
  it('sums tokens and counts calls', () => {
    const meter = new UsageMeter();

    meter.record(usage(10, 2));
    meter.record(usage(5, 1));

    expect(meter.total).toEqual({ calls: 2, promptTokens: 15, completionTokens: 3, totalTokens: 18 });
  });

  it('counts every answered call through a metered model, and none that failed', async () => {
    const meter = new UsageMeter();
    let fail = false;
    const model: ChatModel = {
      id: 'm',
      chat: async () => {
        if (fail) throw new Error('down');
        return { content: 'ok', toolCalls: [], usage: usage(3, 4), model: 'm' };
      },
    };
    const metered = meter.meterChat(model);

    await metered.chat({ messages: [] });
    await metered.chat({ messages: [] });
    fail = true;
    await expect(metered.chat({ messages: [] })).rejects.toThrow('down');

    expect(metered.id).toBe('m');
    expect(meter.total).toEqual({ calls: 2, promptTokens: 6, completionTokens: 8, totalTokens: 14 });
  });

  it('meters an embedder the same way', async () => {
    const meter = new UsageMeter();
    const embedder: Embedder = {
      id: 'e',
      dimensions: 768,
      embed: async (texts) => ({ vectors: texts.map(() => new Float32Array(768)), usage: usage(texts.length, 0) }),
    };
    const metered = meter.meterEmbedder(embedder);

    const { vectors } = await metered.embed(['a', 'b']);

    expect(vectors).toHaveLength(2);
    expect([metered.id, metered.dimensions]).toEqual(['e', 768]);
    expect(meter.total).toEqual({ calls: 1, promptTokens: 2, completionTokens: 0, totalTokens: 2 });
  });

  it('hands out copies, so a report cannot change the running total', () => {
    const meter = new UsageMeter();
    meter.total.calls = 99;

    expect(meter.total.calls).toBe(0);
  });
});

describe('addUsage', () => {
  it('adds field by field', () => {
    expect(addUsage(usage(1, 2), usage(3, 4))).toEqual({ promptTokens: 4, completionTokens: 6, totalTokens: 10 });
  });
});
