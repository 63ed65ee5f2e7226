// Every query task answered by the heuristic engine (@fnquery/heuristic-engine, the embedded default):
// deterministic, offline, reading each task's structured input. Its usage, in words, is recorded in the
// request's meter like a model's tokens. Repairs of a structured answer re-shape the rejected answer through
// the schema (the engine's fillSchema).
import {
  LOCAL_MODEL_ID,
  answerFromFunction,
  answerFromPassages,
  answerFromRows,
  decideFunctionCall,
  fillSchema,
  writeSql,
  type Counted,
} from '@fnquery/heuristic-engine';
import type { JsonSchema } from '@fnquery/contracts';
import type { AiTasks, AnswerFormat } from './tasks';
import type { UsageMeter } from './usage';

export function heuristicTasks(meter: Pick<UsageMeter, 'record'>): AiTasks {
  const counted = <T>({ value, usage }: Counted<T>): T => {
    meter.record(usage);
    return value;
  };
  /** The answer, or on a repair turn the rejected one re-shaped through the schema. */
  const answer = async (
    question: string,
    format: AnswerFormat | undefined,
    fresh: (schema?: JsonSchema) => Counted<string>,
  ) => {
    const repair = format?.repair;
    return counted(
      repair ? fillSchema({ question, invalid: repair.invalid, schema: format.schema }) : fresh(format?.schema),
    );
  };
  return {
    id: LOCAL_MODEL_ID,
    functions: {
      decide: async ({ question, tool, rejected }) => {
        // A named function gets one call at most (the engine asks for several parts one at a time).
        const decision = counted(decideFunctionCall({ question, tools: [tool], named: true, rejected }));
        return 'calls' in decision ? { call: decision.calls[0] } : decision;
      },
      answer: ({ question, outcome }, format) =>
        answer(question, format, (schema) =>
          answerFromFunction(
            'call' in outcome ? { question, schema, call: outcome.call, result: outcome.result } : { question, schema },
          ),
        ),
    },
    sqlWriter: {
      write: async (input) => counted(writeSql(input)),
    },
    sqlAnswerer: {
      answer: ({ question, schema, sql, result }, format) =>
        answer(question, format, (shape) =>
          answerFromRows({ question, schema, rows: { sql, ...result }, format: shape }),
        ),
    },
    ragAnswerer: {
      answer: ({ question, retrievalQuery, passages }, format) =>
        answer(question, format, (schema) => answerFromPassages({ question, retrievalQuery, passages, schema })),
    },
  };
}
