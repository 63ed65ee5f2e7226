// JSON Schemas and the tools described by them, as the service and an AI engine pass them around.

/** A JSON Schema (2020-12): a function's input or output schema, tool parameters, a structured-output schema. */
export type JsonSchema = Record<string, unknown>;

/** A callable tool as AI platforms and MCP see it: one hosted function, described by its spec. */
export interface ToolDefinition {
  name: string;
  description: string;
  parameters: JsonSchema;
}

/** A call of a tool as a model (or the engine) makes it. */
export interface ToolCall {
  id: string;
  name: string;
  /** The arguments exactly as produced: JSON text, possibly invalid. */
  arguments: string;
}
