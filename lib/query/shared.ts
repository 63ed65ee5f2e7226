// What the three query endpoints share: the common body fields, and a model resolved from
// `ai_platform` / `api+key` / `structured_output` before any other work, so a bad selection or
// schema fails fast with its 400 and nothing else is touched.
import type { ChatModel, ChatRequest } from '../ai/ports';
import { resolvePlatform, type AiPlatformConfig, type PlatformName } from '../ai/platform';
import { answerWithSchema, parseStructuredOutput, type StructuredOutput } from '../ai/structured-output';
import { UsageMeter } from '../ai/usage';
import type { SharedQueryBody } from './body-schema';

/** The body fields every query endpoint takes, typed from their schema (body-schema.ts). */
export type { SharedQueryBody };

export interface QueryModel {
  platform: PlatformName;
  /** Every call through it is counted in `meter`, repairs included. */
  chat: ChatModel;
  structured?: StructuredOutput;
  meter: UsageMeter;
}

export function prepareModel(body: SharedQueryBody, ai: AiPlatformConfig, heuristicChat: () => ChatModel): QueryModel {
  const structured = parseStructuredOutput(body.structured_output);
  const { name, chat } = resolvePlatform({ ai_platform: body.ai_platform, apiKey: body['api+key'] }, ai, heuristicChat);
  const meter = new UsageMeter();
  return { platform: name, chat: meter.meterChat(chat), structured, meter };
}

/** The model's final answer: JSON text validated against the caller's schema when one was given. */
export async function finalAnswer(model: QueryModel, request: ChatRequest): Promise<string> {
  if (model.structured) return (await answerWithSchema(model.chat, request, model.structured)).json;
  return (await model.chat.chat(request)).content ?? '';
}
