// Every query task answered by the heuristic engine (@fnquery/heuristic-engine, the embedded default):
// deterministic, offline, reading each task's structured input. Its usage, in words, is recorded in the
// request's meter like a model's tokens. Repairs of a structured answer re-shape the rejected answer through
// the schema (the engine's fillSchema).
//
// A plain retrieval answer needs only the engine's retrieval entry; the rest of the engine (function calling,
// SQL, structured answers and the WordNet lexicon they read, over 1 MB of bundle) is imported by the first
// task that needs it, so a retrieval query's cold start does not compile it.
import type { JsonSchema } from '@fnquery/contracts';
import { LOCAL_MODEL_ID, answerTextFromPassages, type Counted } from '@fnquery/heuristic-engine/retrieval';
import { once } from '../once';
import type { AiTasks, AnswerFormat } from './tasks';
import type { UsageMeter } from './usage';

const fullEngine = once(() => import('@fnquery/heuristic-engine'));

export function heuristicTasks(meter: Pick<UsageMeter, 'record'>): AiTasks {
  const counted = <T>({ value, usage }: Counted<T>): T => {
    meter.record(usage);
    return value;
  };
  /** The answer, or on a repair turn the rejected one re-shaped through the schema. */
  const answer = async (
    question: string,
    format: AnswerFormat | undefined,
    fresh: (schema?: JsonSchema) => Counted<string> | Promise<Counted<string>>,
  ) => {
    const repair = format?.repair;
    if (!repair) return counted(await fresh(format?.schema));
    const { fillSchema } = await fullEngine();
    return counted(fillSchema({ question, invalid: repair.invalid, schema: format.schema }));
  };
  return {
    id: LOCAL_MODEL_ID,
    functions: {
      decide: async ({ question, tool, rejected }) => {
        const { decideFunctionCall } = await fullEngine();
        // A named function gets one call at most (the engine asks for several parts one at a time).
        const decision = counted(decideFunctionCall({ question, tools: [tool], named: true, rejected }));
        return 'calls' in decision ? { call: decision.calls[0] } : decision;
      },
      answer: ({ question, outcome }, format) =>
        answer(question, format, async (schema) =>
          (await fullEngine()).answerFromFunction(
            'call' in outcome ? { question, schema, call: outcome.call, result: outcome.result } : { question, schema },
          ),
        ),
    },
    sqlWriter: {
      write: async (input) => counted((await fullEngine()).writeSql(input)),
    },
    sqlAnswerer: {
      answer: ({ question, schema, sql, result }, format) =>
        answer(question, format, async (shape) =>
          (await fullEngine()).answerFromRows({ question, schema, rows: { sql, ...result }, format: shape }),
        ),
    },
    ragAnswerer: {
      answer: ({ question, retrievalQuery, passages }, format) =>
        answer(question, format, async (schema) =>
          schema
            ? (await fullEngine()).answerFromPassages({ question, retrievalQuery, passages, schema })
            : answerTextFromPassages({ question, retrievalQuery, passages }),
        ),
    },
  };
}
