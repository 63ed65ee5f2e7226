// What the three query endpoints share: the common body fields, and the AI tasks resolved from
// `ai_platform` / `api+key` / `structured_output` before any other work, so a bad selection or
// schema fails fast with its 400 and nothing else is touched.
import { chatTasks } from '../ai/chat-tasks/index';
import { resolvePlatform, type AiPlatformConfig, type PlatformName } from '../ai/platform';
import type { StructuredOutput } from '../ai/structured-output';
import type { AiTasks, AnswerFormat } from '../ai/tasks';
import { UsageMeter } from '../ai/usage';
import { once } from '../once';
import type { SharedQueryBody } from './body-schema';

/**
 * The schema compiler (Ajv, with RE2 for `pattern`: about 290 KB of bundle) loads with the first query
 * that carries a `structured_output`, which most queries do not: a cold start without one parses none of it.
 */
const structuredOutput = once(() => import('../ai/structured-output'));
/** What parseStructuredOutput reads as no schema: the field absent, empty or only white space. */
const carriesSchema = (encoded: string | undefined) => /\S/.test(encoded ?? '');

/** The body fields every query endpoint takes, typed from their schema (body-schema.ts). */
export type { SharedQueryBody };

export interface QueryModel {
  platform: PlatformName;
  /** Every call through them is counted in `meter`, repairs included. */
  tasks: AiTasks;
  structured?: StructuredOutput;
  meter: UsageMeter;
}

/** `localTasks`: the embedded default's tasks (lib/ai/heuristic-tasks.ts), recording their usage in the meter. */
export async function prepareModel(
  body: SharedQueryBody,
  ai: AiPlatformConfig,
  localTasks: (meter: UsageMeter) => AiTasks,
): Promise<QueryModel> {
  const structured = carriesSchema(body.structured_output)
    ? (await structuredOutput()).parseStructuredOutput(body.structured_output)
    : undefined;
  const { name, chat } = resolvePlatform({ ai_platform: body.ai_platform, apiKey: body['api+key'] }, ai);
  const meter = new UsageMeter();
  const tasks = chat ? chatTasks(meter.meterChat(chat)) : localTasks(meter);
  return { platform: name, tasks, structured, meter };
}

/**
 * The final answer of an answering task: JSON text validated against the caller's schema (with one repair)
 * when one was given, else the task's text.
 */
export async function finalAnswer(
  model: QueryModel,
  answer: (format?: AnswerFormat) => Promise<string>,
): Promise<string> {
  if (model.structured) return (await (await structuredOutput()).answerWithSchema(answer, model.structured)).json;
  return answer();
}
