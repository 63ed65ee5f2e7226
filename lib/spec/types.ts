// The shapes a valid spec.json takes once defaults are applied. Field names follow the file
// (docs/interface.md "Function definition"), so a normalised spec serialises back into a valid spec.json.
import type { BodyType, RequestType } from './rules';

export type JsonSchemaObject = Record<string, unknown>;

export interface Violation {
  /** JSON pointer into the checked document, e.g. `/requirements/queryParams/0/name`. */
  pointer: string;
  /** Stable machine id, e.g. `shortname.charset`. */
  rule: string;
  message: string;
  /** What to change, in plain words. */
  fix: string;
}

export interface QueryParam {
  name: string;
  required: boolean;
  description?: string;
  exampleData?: string;
}

export interface FileSchema {
  description?: string;
  /** Lowercase, no leading dot. Empty means any extension is accepted. */
  extensions: string[];
}

export interface InputFileSchema extends FileSchema {
  required: boolean;
}

export interface NormalizedRequirements {
  requestType: RequestType;
  queryParams: QueryParam[];
  inputType: BodyType;
  inputSchema?: JsonSchemaObject | InputFileSchema;
  inputJsonExample?: string;
  outputType: BodyType;
  outputSchema?: JsonSchemaObject | FileSchema;
  outputJsonExample?: string;
}

export interface NormalizedSpec {
  $specversion: 'v1.0.0';
  name: string;
  shortname: string;
  /** A value of the runtime table (lib/spec/runtimes.ts). */
  runtime: string;
  entrypoint: string;
  description: string;
  tags: string[];
  requirements: NormalizedRequirements;
}

/** One side of the HTTP exchange, narrowed by its type so exporters need no casts. */
export type InputBody =
  | { type: 'NONE' }
  | { type: 'JSON'; schema: JsonSchemaObject; example?: string }
  | { type: 'FILE'; schema: InputFileSchema };

export type OutputBody =
  | { type: 'NONE' }
  | { type: 'JSON'; schema: JsonSchemaObject; example?: string }
  | { type: 'FILE'; schema: FileSchema };

export function inputBody(spec: NormalizedSpec): InputBody {
  const r = spec.requirements;
  if (r.inputType === 'JSON')
    return { type: 'JSON', schema: r.inputSchema as JsonSchemaObject, example: r.inputJsonExample };
  if (r.inputType === 'FILE') return { type: 'FILE', schema: r.inputSchema as InputFileSchema };
  return { type: 'NONE' };
}

export function outputBody(spec: NormalizedSpec): OutputBody {
  const r = spec.requirements;
  if (r.outputType === 'JSON')
    return { type: 'JSON', schema: r.outputSchema as JsonSchemaObject, example: r.outputJsonExample };
  if (r.outputType === 'FILE') return { type: 'FILE', schema: r.outputSchema as FileSchema };
  return { type: 'NONE' };
}

/** The value part of an `exampleData` written as `<name>=<value>`, the form docs/interface.md recommends. */
export function queryExampleValue(param: QueryParam): string | undefined {
  const prefix = `${param.name}=`;
  return param.exampleData?.startsWith(prefix) ? param.exampleData.slice(prefix.length) : undefined;
}

/** A query parameter's description with its example, for readers that have no separate example field. */
export function describeQueryParam(param: QueryParam): string {
  if (!param.exampleData) return param.description ?? '';
  // End the description with a stop so the example reads as its own sentence.
  const description = param.description?.trim().replace(/([^.!?])$/, '$1.');
  return [description, `Example: ${param.exampleData}`].filter(Boolean).join(' ');
}

/** `.pdf, .docx`; empty when any extension is accepted. */
export const extensionList = (file: FileSchema, style = (dotted: string) => dotted) =>
  file.extensions.map((ext) => style(`.${ext}`)).join(', ');

/** The file's description followed by what it accepts, for docs and API descriptions. */
export function describeFile(file: FileSchema, style?: (dotted: string) => string): string {
  const list = extensionList(file, style);
  const accepted = list ? `Accepted extensions: ${list}.` : 'Any file extension is accepted.';
  return [file.description, accepted].filter(Boolean).join(' ');
}
