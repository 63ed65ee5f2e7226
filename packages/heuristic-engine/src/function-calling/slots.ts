// A tool's parameters as the flat list of values to find in a question ("slots"), and the way back:
// found values placed into the arguments object. Handles both shapes the engine meets: the
// `{query, body}` parameters of a hosted function (lib/spec/tool.ts, nested objects and `$defs`
// included) and flat parameter objects such as BFCL's.
import { nameWords, stemOf, terms } from '@fnquery/text-tools';
import type { JsonSchema, ToolDefinition } from '@fnquery/contracts';
import { dateLayoutIn, findQuoted } from '../schema-values';
import { inSeriesOrder } from './series';

export type SlotType = 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object' | 'any';

export interface Slot {
  /** Property names from the arguments root, e.g. ['body', 'address', 'city']. */
  path: string[];
  name: string;
  schema: JsonSchema;
  type: SlotType;
  /** Required here and in every enclosing object. */
  required: boolean;
  description: string;
  /** "start date", for messages. */
  label: string;
  /** Stems of the property name's words ("maxCalories" → max, calori). */
  nameStems: string[];
  /** Stems of the description's content words, without its examples. */
  descriptionStems: string[];
  /**
   * Description stems that the function's own name writes: the thing the whole function is about
   * ("Height of the cylinder." in `cylinder_volume`), a cue only right after a value ("the 7 tram").
   */
  subjectStems: string[];
  /** Values the description gives as examples ("e.g. 'hiking', 'kayaking'", "like Tromsø"). */
  examples: string[];
  /** Position in the schema: values without other evidence are assigned in this order. */
  order: number;
}

const MAX_DEPTH = 8;
// Wrapper objects of the hosted-function tool shape: their names say nothing about the values.
const WRAPPERS = new Set(['query', 'body']);

const isObject = (v: unknown): v is JsonSchema => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Follows local `$ref`s ("#/$defs/x", "#/properties/body/…") and unwraps nullable unions. */
export function resolveSchema(schema: unknown, root: JsonSchema, depth = 0): JsonSchema {
  if (!isObject(schema) || depth > MAX_DEPTH) return {};
  if (typeof schema.$ref === 'string' && schema.$ref.startsWith('#')) {
    const target = schema.$ref
      .slice(1)
      .split('/')
      .filter(Boolean)
      .map((p) => decodeURIComponent(p).replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), root);
    const { $ref: _ref, ...rest } = schema;
    return resolveSchema({ ...(isObject(target) ? target : {}), ...rest }, root, depth + 1);
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = schema[key];
    if (Array.isArray(branches)) {
      const chosen = branches.find((b) => isObject(b) && b.type !== 'null');
      if (chosen) {
        const { [key]: _union, ...rest } = schema;
        return resolveSchema({ ...rest, ...(chosen as JsonSchema) }, root, depth + 1);
      }
    }
  }
  return schema;
}

export function slotType(schema: JsonSchema): SlotType {
  const declared = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (
    declared === 'string' ||
    declared === 'integer' ||
    declared === 'number' ||
    declared === 'boolean' ||
    declared === 'array' ||
    declared === 'object'
  )
    return declared;
  if (isObject(schema.properties)) return 'object';
  if (Array.isArray(schema.enum)) return schema.enum.every((v) => typeof v === 'number') ? 'number' : 'string';
  return 'any';
}

export interface ToolShape {
  slots: Slot[];
  /** Paths of required objects, which must be present even when none of their values was found. */
  requiredObjects: string[][];
}

// What a description says after "Default" is the default value, not what the property is about.
const withoutDefault = (description: string) => description.replace(/\bdefaults?\b[^.]*\.?/gi, ' ');
const EXAMPLES_INTRO =
  /\b(?:e\.\s?g\.?|for example|for instance|such as|like|including|options:|values (?:include|are)|choices are|can be)\s*:?\s*([^.;)]*(?:\.(?=\w)[^.;)]*)*)/gi;

/** Example values a description gives: quoted ones, and lists after "e.g.", "such as", "like". */
function descriptionExamples(description: string): string[] {
  const text = withoutDefault(description);
  const quoted = findQuoted(text).map((q) => q.text);
  const listed = [...text.matchAll(EXAMPLES_INTRO)].flatMap((m) =>
    m[1]!
      .split(/,|\bor\b|\band\b|\betc\b/)
      .map((e) => e.replace(/['"]/g, '').trim())
      .filter((e) => e && e.split(/\s+/).length <= 4),
  );
  return [...new Set([...quoted, ...listed])];
}

function contentStems(description: string, examples: string[]): string[] {
  const exampleStems = new Set(terms(examples.join(' ')));
  return terms(nameWords(withoutDefault(description)).join(' ')).filter((s) => s.length > 1 && !exampleStems.has(s));
}

/** The leaf values a tool needs, depth-first in schema order, each series in the order its names give. */
export function toolShape(tool: ToolDefinition): ToolShape {
  const root = tool.parameters;
  const subject = terms(nameWords(tool.name).join(' '));
  const slots: Slot[] = [];
  const requiredObjects: string[][] = [];
  const visit = (schema: JsonSchema, path: string[], required: boolean, depth: number) => {
    const properties = isObject(schema.properties) ? schema.properties : {};
    const requiredNames = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
    for (const [name, raw] of Object.entries(properties)) {
      const child = resolveSchema(raw, root);
      const childPath = [...path, name];
      const childRequired = required && requiredNames.has(name);
      if (
        slotType(child) === 'object' &&
        isObject(child.properties) &&
        Object.keys(child.properties).length > 0 &&
        depth < MAX_DEPTH
      ) {
        if (childRequired) requiredObjects.push(childPath);
        visit(child, childPath, childRequired, depth + 1);
        continue;
      }
      const description = typeof child.description === 'string' ? child.description : '';
      const examples = descriptionExamples(description);
      const words = nameWords(name);
      slots.push({
        path: childPath,
        name,
        schema: child,
        type: slotType(child),
        required: childRequired,
        description,
        label: words.join(' ') || name,
        nameStems: (WRAPPERS.has(name) && path.length === 0 ? [] : words).map(stemOf),
        descriptionStems: contentStems(description, examples),
        subjectStems: contentStems(description, examples).filter((s) => subject.includes(s)),
        examples,
        order: slots.length,
      });
    }
  };
  visit(resolveSchema(root, root), [], true, 0);
  return { slots: inSeriesOrder(slots), requiredObjects };
}

const named = (slot: Slot, ...stems: string[]) => stems.some((s) => slot.nameStems.includes(s));

/** What kind of text a string property holds, from its format, name and description. */
export const slotHolds = {
  date: (slot: Slot) =>
    slot.schema.format === 'date' ||
    slot.schema.format === 'date-time' ||
    dateLayoutIn(slot.description) !== undefined ||
    named(slot, 'date', 'day', 'birthday', 'dob'),
  time: (slot: Slot) => slot.schema.format === 'time' || named(slot, 'time', 'clock'),
  email: (slot: Slot) =>
    slot.schema.format === 'email' || named(slot, 'email') || /\be-?mail address/i.test(slot.description),
  uri: (slot: Slot) =>
    ['uri', 'url', 'iri'].includes(String(slot.schema.format)) ||
    named(slot, 'url', 'uri', 'link', 'website', 'path', 'file'),
  // Codes that are digits only ("546382", "2022") are still strings for these.
  code: (slot: Slot) =>
    named(slot, 'id', 'number', 'code', 'year', 'zip', 'phone', 'no', 'account', 'version', 'serial', 'pin'),
  // Free text a message carries: what "saying …" or a colon introduces.
  message: (slot: Slot) =>
    slot.type === 'string' &&
    slot.schema.enum === undefined &&
    slot.schema.format === undefined &&
    slot.schema.pattern === undefined &&
    named(
      slot,
      'message',
      'text',
      'content',
      'body',
      'note',
      'comment',
      'subject',
      'summary',
      'description',
      'caption',
      'reason',
    ),
  formula: (slot: Slot) => named(slot, 'function', 'equation', 'expression', 'formula', 'polynomial', 'lambda', 'f'),
};

/** The arguments object: found values at their paths, and every required object, even if empty. */
export function buildArguments(shape: ToolShape, values: Map<Slot, unknown>): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  const place = (path: string[], value: unknown) => {
    let node = args;
    for (const key of path.slice(0, -1)) {
      if (!isObject(node[key])) node[key] = {};
      node = node[key] as Record<string, unknown>;
    }
    const last = path.at(-1)!;
    if (!(isObject(value) && isObject(node[last]))) node[last] = value;
  };
  for (const path of shape.requiredObjects) place(path, {});
  for (const [slot, value] of values) place(slot.path, value);
  return args;
}
