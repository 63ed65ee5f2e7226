// ChatModel on OpenAI's chat completions API (OpenAI itself or any compatible endpoint).
import type {
  ChatCompletion,
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionMessageParam,
  ChatCompletionToolChoiceOption,
} from 'openai/resources/chat/completions';
import { badGateway } from '../errors';
import { platformCalls, type PlatformCall } from './openai-calls';
import type { OpenAIAdapterOptions } from './openai-options';
import { toResponseFormat } from './openai-response-format';
import type { ChatMessage, ChatModel, ChatRequest, ChatResponse, ToolCall, ToolChoice } from './ports';

export class OpenAIChat implements ChatModel {
  readonly id: string;
  private readonly call: PlatformCall;

  constructor(private readonly options: OpenAIAdapterOptions) {
    this.id = `${options.platform}:${options.model}`;
    this.call = platformCalls(options);
  }

  async chat(request: ChatRequest): Promise<ChatResponse> {
    const params = toCompletionParams(this.options.model, request);
    const completion = await this.call(request.signal, (client, signal) =>
      client.chat.completions.create(params, { signal }),
    );
    return fromCompletion(completion);
  }
}

function toCompletionParams(model: string, request: ChatRequest): ChatCompletionCreateParamsNonStreaming {
  return {
    model,
    messages: request.messages.map(toMessageParam),
    ...(request.tools?.length && {
      tools: request.tools.map((t) => ({
        type: 'function' as const,
        function: { name: t.name, description: t.description, parameters: t.parameters },
      })),
    }),
    ...(request.toolChoice && { tool_choice: toToolChoice(request.toolChoice) }),
    ...(request.responseFormat && { response_format: toResponseFormat(request.responseFormat) }),
  };
}

function toMessageParam(message: ChatMessage): ChatCompletionMessageParam {
  switch (message.role) {
    case 'tool':
      return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
    case 'assistant':
      return {
        role: 'assistant',
        content: message.content,
        // The platform refuses an empty tool_calls list.
        ...(message.toolCalls?.length && {
          tool_calls: message.toolCalls.map((c) => ({
            id: c.id,
            type: 'function' as const,
            function: { name: c.name, arguments: c.arguments },
          })),
        }),
      };
    default:
      return { role: message.role, content: message.content };
  }
}

function toToolChoice(choice: ToolChoice): ChatCompletionToolChoiceOption {
  return typeof choice === 'string' ? choice : { type: 'function', function: { name: choice.name } };
}

function fromCompletion(completion: ChatCompletion): ChatResponse {
  const message = completion.choices[0]?.message;
  if (!message) {
    throw badGateway('The AI platform answered without any message', 'Retry the request', 'ai_empty_reply');
  }
  const toolCalls: ToolCall[] = (message.tool_calls ?? []).flatMap((c) =>
    c.type === 'function' ? [{ id: c.id, name: c.function.name, arguments: c.function.arguments }] : [],
  );
  const usage = completion.usage;
  return {
    // A refusal is what the model said; with structured output it then fails validation and is repaired.
    content: message.content ?? message.refusal ?? null,
    toolCalls,
    usage: {
      promptTokens: usage?.prompt_tokens ?? 0,
      completionTokens: usage?.completion_tokens ?? 0,
      totalTokens: usage?.total_tokens ?? 0,
    },
    model: completion.model,
  };
}
