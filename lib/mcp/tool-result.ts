// The MCP shapes of a tool and of a tool's result. Failures the model can act on (bad arguments,
// a failing function, an unknown collection) are results with isError, worded as ISSUE/ADVICE
// lines; protocol errors are JSON-RPC errors (protocol.ts).
import { problemLine, type Problem } from '../errors';
import { violations, type RouteValidator, type SchemaError } from '../schema-violations';
import type { JsonSchemaObject } from '../spec/index';

/** Hints about what calling a tool does, for clients deciding whether to ask the user first. */
export interface ToolAnnotations {
  /** It changes nothing. */
  readOnlyHint: boolean;
  /** It may delete or overwrite (meaningful only when not read-only). */
  destructiveHint?: boolean;
  /** Calling it again with the same arguments has no further effect. */
  idempotentHint: boolean;
  /** It may reach things outside this service (user code can call anything). */
  openWorldHint: boolean;
}

export interface McpTool {
  name: string;
  title?: string;
  description: string;
  inputSchema: JsonSchemaObject;
  outputSchema?: JsonSchemaObject;
  annotations: ToolAnnotations;
}

export type ToolContent =
  | { type: 'text'; text: string }
  | { type: 'image' | 'audio'; data: string; mimeType: string }
  | { type: 'resource'; resource: { uri: string; mimeType: string; blob: string } };

export interface ToolResult {
  content: ToolContent[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

export function toolError(problems: Problem[]): ToolResult {
  return { content: [{ type: 'text', text: problems.map(problemLine).join('\n') }], isError: true };
}

/** Arguments a tool's input schema refused: one line per violation, its advice ending with `hint`. */
/** A tool's argument check (generated standalone code): true narrows the arguments, false leaves its errors. */
export type ArgsCheck<T> = ((args: unknown) => args is T) & { errors?: SchemaError[] | null };

/** A generated validator as the check of the arguments its schema types (it was compiled from that schema). */
export const argsCheck = <T>(validate: RouteValidator) => validate as ArgsCheck<T>;

export const argumentsRefused = (errors: Parameters<typeof violations>[0], hint = ''): ToolResult =>
  toolError(
    violations(errors).map((v) => ({
      issue: `${v.path}: ${v.message}`,
      advice: `Correct ${v.path} and call again${hint}`,
    })),
  );

/** A structured answer with its JSON text beside it, for clients that read only content. */
export const toolResult = (structured: Record<string, unknown>): ToolResult => ({
  content: [{ type: 'text', text: JSON.stringify(structured) }],
  structuredContent: structured,
});
