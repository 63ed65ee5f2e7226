// The AI tool form of a definition (OpenAI-style function calling) and the way back: the model's
// arguments turned into the HTTP request the function expects.
import type { ToolDefinition } from '../json-schema';
import { badGateway } from '../errors';
import { isJsonObject } from './field-reader';
import type { RequestType } from './rules';
import { embedSchema } from './schema-walk';
import { describeQueryParam, extensionList, inputBody, type JsonSchemaObject, type NormalizedSpec } from './types';

export interface OpenAiTool {
  type: 'function';
  function: ToolDefinition;
}

/** Tool APIs accept names of 1–64 of these; every valid shortname is one, so it is used as is. */
export const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

function queryProperty(spec: NormalizedSpec): { schema?: JsonSchemaObject; required: boolean } {
  const params = spec.requirements.queryParams;
  if (params.length === 0) return { required: false };
  const required = params.filter((p) => p.required).map((p) => p.name);
  const properties = Object.fromEntries(
    params.map((p) => {
      const description = describeQueryParam(p);
      return [p.name, { type: 'string', ...(description && { description }) }];
    }),
  );
  return {
    schema: {
      type: 'object',
      description: 'Query string parameters.',
      properties,
      ...(required.length > 0 && { required }),
      additionalProperties: false,
    },
    required: required.length > 0,
  };
}

function bodyProperty(spec: NormalizedSpec): { schema?: JsonSchemaObject; defs?: JsonSchemaObject; required: boolean } {
  const input = inputBody(spec);
  if (input.type === 'NONE') return { required: false };
  if (input.type === 'JSON') {
    // Tool APIs resolve `$defs` at the root of `parameters`, so the body's definitions move there.
    const { schema, defs } = embedSchema(input.schema, '#/properties/body', '#/$defs');
    return { schema, defs, required: true };
  }
  const extensions = extensionList(input.schema);
  return {
    schema: {
      type: 'object',
      description: input.schema.description ?? 'The file to send.',
      properties: {
        filename: {
          type: 'string',
          description: extensions ? `File name ending in ${extensions}.` : 'File name with its extension.',
        },
        contentType: { type: 'string', description: 'Media type, e.g. application/pdf.' },
        data: { type: 'string', contentEncoding: 'base64', description: 'File content, base64-encoded.' },
      },
      required: ['filename', 'data'],
      additionalProperties: false,
    },
    required: input.schema.required,
  };
}

export function toToolDefinition(spec: NormalizedSpec): OpenAiTool {
  const query = queryProperty(spec);
  const body = bodyProperty(spec);
  const required = [...(query.required ? ['query'] : []), ...(body.required ? ['body'] : [])];
  const parameters: JsonSchemaObject = {
    type: 'object',
    properties: { ...(query.schema && { query: query.schema }), ...(body.schema && { body: body.schema }) },
    ...(required.length > 0 && { required }),
    additionalProperties: false,
    ...(body.defs && { $defs: body.defs }),
  };
  return { type: 'function', function: { name: spec.shortname, description: spec.description, parameters } };
}

export interface FunctionRequest {
  method: RequestType;
  query: Record<string, string>;
  /** JSON value, `{filename, contentType, data}` for FILE, null for NONE; undefined when the model left it out. */
  body: unknown;
}

function parseArguments(args: unknown): Record<string, unknown> {
  if (args === undefined || args === null || (typeof args === 'string' && args.trim() === '')) return {};
  let value = args;
  if (typeof args === 'string') {
    try {
      value = JSON.parse(args);
    } catch {
      // Left as text: reported below like any other non-object.
    }
  }
  if (isJsonObject(value)) return value;
  throw badGateway(
    'The AI model called the function with arguments that are not a JSON object',
    'Retry the query; if it keeps failing, name the values the function needs in the question',
    'bad_tool_arguments',
  );
}

/**
 * Turns tool-call arguments into the request to run. Nothing is dropped or coerced beyond
 * stringifying query values, so compiledValidators(spec) can report what the model got wrong.
 */
export function toolArgumentsToRequest(spec: NormalizedSpec, args: unknown): FunctionRequest {
  const parsed = parseArguments(args);
  const query = isJsonObject(parsed.query)
    ? Object.fromEntries(
        Object.entries(parsed.query)
          .filter(([, v]) => v !== undefined && v !== null)
          .map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
      )
    : {};
  const body = spec.requirements.inputType === 'NONE' ? null : parsed.body;
  return { method: spec.requirements.requestType, query, body };
}
