// Answers from retrieved passages with a chat model: the passages numbered with their sources, and a system
// prompt that keeps the model to them.
import type { ChatModel } from '../ports';
import type { RagAnswerer } from '../tasks';
import { answerTurn } from './answer-turn';

const SYSTEM = [
  'You answer questions using only the numbered context passages provided.',
  'Cite the passages you use by their number, like [2].',
  'If the passages do not contain the answer, say that the documents do not answer the question.',
].join(' ');

export const chatRagAnswerer = (chat: ChatModel): RagAnswerer => ({
  answer({ question, passages }, format, options) {
    const context = passages.map((p, i) => `[${i + 1}] (source: ${p.source})\n${p.text}`).join('\n\n');
    return answerTurn(
      chat,
      {
        messages: [
          { role: 'system', content: SYSTEM },
          { role: 'user', content: `Context passages:\n\n${context || '(none found)'}\n\nQuestion: ${question}` },
        ],
      },
      format,
      options,
    );
  },
});
