// `structured_output` (docs/decisions.md): base64 of a JSON Schema for the answer. Decoded strictly, compiled
// once per distinct schema (callers repeat the same one), and enforced on the model's answer with one
// repair turn before giving up.
import { createHash } from 'node:crypto';
import { badRequest, ServiceError } from '../errors';
import { serviceAjv, violations, type ValidateFunction } from '../json-schema';
import type { JsonSchema } from './ports';
import type { AnswerFormat } from './tasks';
import { expandsBeyond, MAX_EXPANDED_SUBSCHEMAS, MAX_SCHEMA_DEPTH, nestsBeyond } from './unsatisfiable-expansion';
import { nonLinearPatterns } from './unsatisfiable-patterns';
import { unsatisfiableBecause } from './unsatisfiable-schema';

export interface StructuredOutput {
  schema: JsonSchema;
  validate: ValidateFunction;
}

export interface StructuredAnswer {
  /** The answer as compact JSON text (JSON.stringify of the parsed answer). */
  json: string;
  /** Answering calls made: 1, or 2 after a repair (their usage is in the request's meter). */
  calls: number;
}

export const MAX_STRUCTURED_OUTPUT_LENGTH = 100_000;
export const STRUCTURED_OUTPUT_CACHE_SIZE = 100;
const ENCODE_ADVICE =
  'Send the JSON Schema text encoded as standard base64 with padding (RFC 4648), e.g. `base64 -w0 schema.json`';

/** Map order is recency order: a hit moves to the end, the first entry is the one to evict. */
const compiled = new Map<string, StructuredOutput>();

const invalid = (issue: string, advice: string) => badRequest(issue, advice, 'invalid_structured_output');

/** Undefined when the field is absent or blank. Throws a 400 ServiceError naming what is wrong. */
export function parseStructuredOutput(encoded: string | undefined): StructuredOutput | undefined {
  // Line breaks and spaces are allowed: `base64` wraps its output at 76 characters.
  const base64 = (encoded ?? '').replace(/\s+/g, '');
  if (!base64) return undefined;
  if (base64.length > MAX_STRUCTURED_OUTPUT_LENGTH) {
    throw invalid(
      `structured_output is longer than ${MAX_STRUCTURED_OUTPUT_LENGTH} characters`,
      'Send a smaller schema',
    );
  }
  const key = createHash('sha256').update(base64).digest('base64url');
  const hit = compiled.get(key);
  if (hit) {
    compiled.delete(key);
    compiled.set(key, hit);
    return hit;
  }
  const structured = compile(parseSchema(decodeBase64(base64)));
  compiled.set(key, structured);
  if (compiled.size > STRUCTURED_OUTPUT_CACHE_SIZE) compiled.delete(compiled.keys().next().value as string);
  return structured;
}

function decodeBase64(base64: string): string {
  const bad = /[^A-Za-z0-9+/=]/.exec(base64);
  if (bad) {
    throw invalid(
      `structured_output is not valid base64: character ${JSON.stringify(bad[0])} at position ${bad.index} is not in the base64 alphabet`,
      ENCODE_ADVICE,
    );
  }
  const bytes = Buffer.from(base64, 'base64');
  // Node's decoder skips what it cannot read; only canonical input survives the round trip.
  if (bytes.toString('base64') !== base64) {
    throw invalid('structured_output is not valid base64: its length or "=" padding is wrong', ENCODE_ADVICE);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw invalid(
      'structured_output does not decode to UTF-8 text',
      'Encode the schema as UTF-8 JSON text before base64',
    );
  }
}

function parseSchema(text: string): JsonSchema {
  let schema: unknown;
  try {
    schema = JSON.parse(text);
  } catch (e) {
    throw invalid(
      `structured_output decodes to text that is not JSON (${(e as Error).message})`,
      'Encode the JSON Schema text itself, not a file name or a quoted string',
    );
  }
  if (
    typeof schema !== 'object' ||
    schema === null ||
    Array.isArray(schema) ||
    (schema as JsonSchema).type !== 'object'
  ) {
    throw invalid(
      'The structured_output schema must describe a JSON object',
      'Give the schema "type": "object" at its root and list the answer fields under "properties"',
    );
  }
  return schema as JsonSchema;
}

function compile(schema: JsonSchema): StructuredOutput {
  // Compiling walks the schema recursively: a deeper one would end in a stack overflow, not a reason.
  if (nestsBeyond(schema))
    throw invalid(
      `The structured_output schema nests objects and arrays more than ${MAX_SCHEMA_DEPTH} levels deep`,
      'Flatten the schema, or name repeated shapes once under "$defs" and refer to them with "$ref"',
    );
  let validate: ValidateFunction;
  try {
    validate = serviceAjv().compile(schema);
    // Forget the schema inside Ajv: its registry would otherwise grow with every distinct schema,
    // and two callers' schemas with the same $id would collide. The compiled function stands alone.
    serviceAjv().removeSchema(schema);
  } catch (e) {
    throw invalid(
      `The structured_output schema does not compile as JSON Schema draft 2020-12 (${(e as Error).message})`,
      'Fix the schema; omit "$schema" or set it to https://json-schema.org/draft/2020-12/schema',
    );
  }
  if (expandsBeyond(schema))
    throw invalid(
      `The structured_output schema expands to more than ${MAX_EXPANDED_SUBSCHEMAS} subschemas once its "$ref"s are followed`,
      'Refer to each definition from fewer places, or write the schema out without references that fan out',
    );
  // The answer is validated here, in the request, and the heuristic engine matches patterns too:
  // only patterns RE2 reads run in time linear in the text (a lookahead over nested repeats
  // backtracks for minutes on one sentence), so those are the only ones taken.
  const [slow] = nonLinearPatterns(schema);
  if (slow)
    throw invalid(
      `The structured_output schema's pattern at ${slow.at} (${JSON.stringify(slow.pattern.slice(0, 80))}) uses lookaround or a backreference, which answers are not matched with`,
      'Write the pattern without lookahead, lookbehind or backreferences (RE2 syntax: classes, groups, alternation and repeats are fine)',
    );
  // No answer could ever pass such a schema: the caller's mistake, refused before any work.
  const why = unsatisfiableBecause(schema);
  if (why)
    throw invalid(
      `No answer can satisfy the structured_output schema: ${why}`,
      'Fix the schema so that some value satisfies it (e.g. minimum not above maximum)',
    );
  return { schema, validate };
}

type Checked = { ok: true; json: string } | { ok: false; errors: string[] };

function check(content: string, validate: ValidateFunction): Checked {
  if (!content?.trim()) return { ok: false, errors: ['the answer was empty'] };
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch (e) {
    // The parser's message quotes the answer, which must not reach logs: keep only the position.
    const position = /position (\d+)/.exec((e as Error).message)?.[1];
    return {
      ok: false,
      errors: [`the answer is not JSON${position ? ` (syntax error at position ${position})` : ''}`],
    };
  }
  if (validate(value)) return { ok: true, json: JSON.stringify(value) };
  return { ok: false, errors: violations(validate.errors).map((v) => `${v.path} ${v.message}`) };
}

/**
 * Asks for an answer shaped by the schema (`answer` is one answering task of the request's platform); one
 * repair turn, then 502 `structured_output_invalid`.
 */
export async function answerWithSchema(
  answer: (format: AnswerFormat) => Promise<string>,
  structured: StructuredOutput,
): Promise<StructuredAnswer> {
  const { schema } = structured;
  const first = await answer({ schema });
  const firstCheck = check(first, structured.validate);
  if (firstCheck.ok) return { json: firstCheck.json, calls: 1 };

  const repaired = await answer({ schema, repair: { invalid: first, errors: firstCheck.errors.slice(0, 10) } });
  const secondCheck = check(repaired, structured.validate);
  if (secondCheck.ok) return { json: secondCheck.json, calls: 2 };

  throw new ServiceError(502, 'structured_output_invalid', {
    issue: `The AI model's answer did not match the requested structured_output schema, also after one repair attempt: ${secondCheck.errors.slice(0, 3).join('; ')}`,
    advice: 'Retry the request; if it keeps failing, simplify the schema or name the wanted fields in the query',
  });
}
