// Token usage of the heuristic engine, counted as words: it reads and writes no model tokens, but usage
// metrics and benchmarks should still see how much text went in and came out.
import { forEachWord } from '@fnquery/text-tools';
import type { TokenUsage } from '@fnquery/contracts';
import type { ChatRequest } from './turn';

const noop = () => {};
const words = (text: string) => forEachWord(text, noop);

export function heuristicUsage(request: ChatRequest, output: string): TokenUsage {
  const messages = request.messages.reduce((n, m) => n + words(m.content ?? ''), 0);
  const tools = (request.tools ?? []).reduce(
    (n, t) => n + words(`${t.name} ${t.description} ${JSON.stringify(t.parameters)}`),
    0,
  );
  const promptTokens = messages + tools;
  const completionTokens = words(output);
  return { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens };
}
