// Which offered tool a question is about: the question's words against each tool's name,
// description and parameters. Words every function description uses ("calculate", "get", "given")
// count little; a word all offered tools share counts half; a word related in meaning (../lexicon:
// "parcel" for "package") counts RELATED of the same word. Below RELEVANCE_THRESHOLD no tool is
// about the question, and the engine answers without a call.
import { nameWords, stemMatch, stemOf, terms } from '@fnquery/text-tools';
import type { ToolDefinition } from '@fnquery/contracts';
import type { Question } from './question';
import { toolShape } from './slots';
import { related } from '../lexicon/related';
import { RELATED, FIELD_WEIGHTS, GENERIC_WEIGHT } from '../weights';

export const GENERIC: ReadonlySet<string> = new Set(
  (
    'calculate compute get find retrieve fetch given give specific specified provide return search look determine ' +
    'estimate check information info detail details data result value number list name based using use type make ' +
    'show tell want need help please certain particular current'
  )
    .split(' ')
    .map(stemOf),
);

type Field = keyof typeof FIELD_WEIGHTS;

export interface RankedTool {
  tool: ToolDefinition;
  score: number;
}

function toolFields(tool: ToolDefinition): Record<Field, string[]> {
  const { slots } = toolShape(tool);
  return {
    name: nameWords(tool.name).map(stemOf),
    description: terms(tool.description),
    parameter: slots.flatMap((s) => s.nameStems),
    parameterDescription: slots.flatMap((s) => s.descriptionStems),
  };
}

/**
 * The question's content words (not stop words, not words every function description uses)
 * that the tool's name, description, parameter names or parameter descriptions also use. For a
 * function the caller named, a question that shares none of them is about something else.
 */
export function sharedWords(tool: ToolDefinition, question: Question): string[] {
  const fields = Object.values(toolFields(tool)).flat();
  return [
    ...new Set(
      contentStems(question).filter(
        (w) => !GENERIC.has(w) && fields.some((s) => stemMatch(s, w) >= 0.8 || related(s, w)),
      ),
    ),
  ];
}

const contentStems = (question: Question) =>
  question.tokens.filter((t) => t.word && !t.stop && !/^\d/.test(t.text)).map((t) => t.stem);

/** Tools by relevance to the question, best first. */
export function rankTools(tools: ToolDefinition[], question: Question): RankedTool[] {
  const words = [
    ...new Set(question.tokens.filter((t) => t.word && !t.stop && !/^\d/.test(t.text)).map((t) => t.stem)),
  ];
  const fields = tools.map(toolFields);
  const weightIn = (f: Record<Field, string[]>, word: string) => {
    let best = 0;
    for (const field of Object.keys(FIELD_WEIGHTS) as Field[]) {
      for (const stem of f[field]) {
        const m = stemMatch(stem, word);
        // A word related to a tool's generic word ("identify" to "find") says no more than that word.
        if (m >= 0.8) best = Math.max(best, m * FIELD_WEIGHTS[field]);
        else if (related(stem, word))
          best = Math.max(best, RELATED * FIELD_WEIGHTS[field] * (GENERIC.has(stem) ? GENERIC_WEIGHT : 1));
      }
    }
    return best;
  };
  const ranked = tools.map((tool, i) => {
    let score = 0;
    for (const word of words) {
      const weight = weightIn(fields[i]!, word);
      if (weight === 0) continue;
      const everywhere = tools.length > 1 && fields.every((f) => weightIn(f, word) > 0);
      score += weight * (GENERIC.has(word) ? GENERIC_WEIGHT : 1) * (everywhere ? 0.5 : 1);
    }
    return { tool, score };
  });
  return ranked.sort((a, b) => b.score - a.score);
}
