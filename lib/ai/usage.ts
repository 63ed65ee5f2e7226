// Token and round-trip accounting. A query may call the model several times (tool loop, SQL repair,
// structured-output repair); usage metrics store the tokens and benchmarks report the calls.
import type { ChatModel, Embedder, TokenUsage } from './ports';

export const NO_USAGE: TokenUsage = { promptTokens: 0, completionTokens: 0, totalTokens: 0 };

export function addUsage(a: TokenUsage, b: TokenUsage): TokenUsage {
  return {
    promptTokens: a.promptTokens + b.promptTokens,
    completionTokens: a.completionTokens + b.completionTokens,
    totalTokens: a.totalTokens + b.totalTokens,
  };
}

export interface UsageTotals extends TokenUsage {
  /** Answered calls through a port (one `embed` call counts once, however many batches it sends). */
  calls: number;
}

export class UsageMeter {
  private totals: UsageTotals = { calls: 0, ...NO_USAGE };

  record(usage: TokenUsage): void {
    this.totals = { calls: this.totals.calls + 1, ...addUsage(this.totals, usage) };
  }

  get total(): UsageTotals {
    return { ...this.totals };
  }

  /** The same model with every answered call recorded here, repairs included. */
  meterChat(model: ChatModel): ChatModel {
    return {
      id: model.id,
      chat: async (request) => {
        const response = await model.chat(request);
        this.record(response.usage);
        return response;
      },
    };
  }

  meterEmbedder(embedder: Embedder): Embedder {
    return {
      id: embedder.id,
      dimensions: embedder.dimensions,
      embed: async (texts, options) => {
        const result = await embedder.embed(texts, options);
        this.record(result.usage);
        return result;
      },
    };
  }
}
