// Hosted functions as MCP tools. The input schema is the AI tool definition every model already
// gets (`query` and `body` arguments, lib/spec/tool.ts); the output schema is the JSON response
// schema. A call is checked against the definition first, runs through the same invoker as REST,
// and its structured answer is checked against outputSchema before it is returned.
import { isServiceError, type Problem } from '../errors';
import { fileOutput, outputMismatch, toolRequestViolations } from '../functions/invoke';
import type { FunctionInvoker, FunctionRecord } from '../functions/ports';
import type { Logger } from '../log';
import {
  outputBody,
  toolArgumentsToRequest,
  toToolDefinition,
  type JsonSchemaObject,
  type NormalizedSpec,
} from '../spec/index';
import type { RequestType } from '../spec/rules';
import { embedSchema } from '../spec/schema-walk';
import { toolNameOf } from './tool-names';
import { toolError, toolResult, type McpTool, type ToolAnnotations, type ToolResult } from './tool-result';

/** MCP structured content is an object: answers of any other shape travel under this key. */
export const WRAPPED_RESULT_KEY = 'result';

const isObjectSchema = (schema: JsonSchemaObject) => schema.type === 'object';

function outputSchemaOf(spec: NormalizedSpec): JsonSchemaObject | undefined {
  const output = outputBody(spec);
  if (output.type !== 'JSON') return undefined;
  if (isObjectSchema(output.schema)) {
    const { schema, defs } = embedSchema(output.schema, '#', '#/$defs');
    return { ...schema, ...(defs && { $defs: defs }) };
  }
  const { schema, defs } = embedSchema(output.schema, `#/properties/${WRAPPED_RESULT_KEY}`, '#/$defs');
  return {
    type: 'object',
    properties: { [WRAPPED_RESULT_KEY]: schema },
    required: [WRAPPED_RESULT_KEY],
    ...(defs && { $defs: defs }),
  };
}

/**
 * What a function's HTTP method promises, as HTTP defines it: GET reads, PUT and DELETE may be
 * repeated, DELETE removes. A hosted function is the owner's code and may reach any service on
 * the internet, so every one is open-world.
 */
const METHOD_ANNOTATIONS: Record<RequestType, ToolAnnotations> = {
  GET: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  PUT: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  POST: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  DELETE: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
};

// Per definition object: lookupFunction hands out one per function version, so calls reuse it.
const tools = new WeakMap<NormalizedSpec, McpTool>();

export function functionTool(fn: FunctionRecord): McpTool {
  let tool = tools.get(fn.spec);
  if (!tool) {
    tool = buildTool(fn);
    tools.set(fn.spec, tool);
  }
  return tool;
}

function buildTool(fn: FunctionRecord): McpTool {
  const { parameters } = toToolDefinition(fn.spec).function;
  const outputSchema = outputSchemaOf(fn.spec);
  const name = toolNameOf(fn.shortname);
  const mapped =
    name !== fn.shortname ? ` (tool name mapped from the function ${fn.shortname}, whose name is reserved)` : '';
  return {
    name,
    title: fn.spec.name,
    description: `${fn.spec.description}${mapped}`,
    inputSchema: parameters,
    ...(outputSchema && { outputSchema }),
    annotations: METHOD_ANNOTATIONS[fn.spec.requirements.requestType],
  };
}

export interface FunctionCallDeps {
  invoker: FunctionInvoker;
  timeoutMs: number;
}

export interface CallContext {
  log: Logger;
  signal?: AbortSignal;
}

/** Arguments the tool does not declare: toolArgumentsToRequest reads only `query` and `body`. */
function undeclaredArguments(fn: FunctionRecord, args: Record<string, unknown>): Problem[] {
  const declared = Object.keys((functionTool(fn).inputSchema.properties ?? {}) as object);
  return Object.keys(args)
    .filter((key) => !declared.includes(key))
    .map((key) => ({
      issue: `/${key}: is not an argument of this tool`,
      advice: declared.length ? `Pass only ${declared.join(' and ')}` : 'Call it with no arguments',
    }));
}

export async function callFunctionTool(
  fn: FunctionRecord,
  args: Record<string, unknown>,
  deps: FunctionCallDeps,
  ctx: CallContext,
): Promise<ToolResult> {
  const request = toolArgumentsToRequest(fn.spec, args);
  let violations;
  try {
    violations = await toolRequestViolations(fn.spec, request);
  } catch (e) {
    // Arguments too costly to check against the schema: the model reads why, as a REST caller would.
    if (isServiceError(e)) return toolError(e.problems);
    throw e;
  }
  const problems = [
    ...undeclaredArguments(fn, args),
    ...violations.map((v) => ({ issue: `${v.pointer}: ${v.message}`, advice: v.fix })),
  ];
  if (problems.length) return toolError(problems);

  let body: unknown;
  try {
    ({ body } = await deps.invoker.invoke(
      fn,
      { method: request.method, query: request.query, headers: {}, body: request.body ?? null },
      { timeoutMs: deps.timeoutMs, signal: ctx.signal, log: ctx.log },
    ));
  } catch (e) {
    // The function failed or timed out: the model reads why, as a REST caller would.
    if (isServiceError(e)) return toolError(e.problems);
    throw e;
  }
  return shapeOutput(fn, body, ctx.log);
}

async function shapeOutput(fn: FunctionRecord, body: unknown, log: Logger): Promise<ToolResult> {
  switch (fn.spec.requirements.outputType) {
    case 'NONE':
      return { content: [{ type: 'text', text: `${fn.shortname} ran and returned no content.` }] };
    case 'FILE': {
      let file;
      try {
        file = fileOutput(fn, body);
      } catch (e) {
        if (isServiceError(e)) return toolError(e.problems);
        throw e;
      }
      const data = file.bytes.toString('base64');
      const kind = file.contentType.split('/')[0];
      if (kind === 'image' || kind === 'audio') return { content: [{ type: kind, data, mimeType: file.contentType }] };
      const uri = `fnquery://functions/${encodeURIComponent(fn.shortname)}/output/${encodeURIComponent(file.filename)}`;
      return { content: [{ type: 'resource', resource: { uri, mimeType: file.contentType, blob: data } }] };
    }
    case 'JSON': {
      // Structured content that broke the advertised schema would break the client: report it instead.
      const mismatch = await outputMismatch(fn, body);
      if (mismatch) {
        log.warn('function output does not match outputSchema', {
          function: fn.shortname,
          version: fn.version,
          mismatch,
        });
        return toolError([
          {
            issue: `${fn.shortname} returned an answer that does not match its outputSchema (${mismatch})`,
            advice: "Report this to the function's owner; retrying with other arguments may succeed",
          },
        ]);
      }
      const wrapped = !isObjectSchema(fn.spec.requirements.outputSchema as JsonSchemaObject);
      const structured = wrapped ? { [WRAPPED_RESULT_KEY]: body } : (body as Record<string, unknown>);
      return toolResult(structured);
    }
  }
}
