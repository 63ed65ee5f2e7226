// validateSpec: checks a parsed spec.json against every rule of docs/interface.md and the decisions in
// docs/spec.md, reporting all violations at once, and returns the definition with defaults applied.
import { FieldReader, isJsonObject } from './field-reader';
import {
  BODY_TYPES,
  DESCRIPTION_MAX,
  ENTRYPOINT,
  MANDATORY_TOP_LEVEL_FIELDS,
  NAME_MAX,
  QUERY_PARAM_FIELDS,
  QUERY_PARAM_NAME,
  REQUEST_TYPES,
  REQUIREMENTS_FIELDS,
  SHORTNAME,
  SPEC_VERSION,
  TAG,
  TOP_LEVEL_FIELDS,
  type BodyType,
  type RequestType,
} from './rules';
import { RUNTIMES, runtimeInfo } from './runtimes';
import { defaultSchemaCompiler, type SchemaCompiler } from './schema-compiler';
import type { NormalizedRequirements, NormalizedSpec, QueryParam, Violation } from './types';
import { BodyChecker } from './validate-body';
import { closestName, describeValue, ViolationList } from './violations';

export interface SpecValidation {
  ok: boolean;
  /** Present when ok. */
  spec?: NormalizedSpec;
  violations: Violation[];
}

export interface ValidateOptions {
  /** Defaults to the process-wide cache; the benchmark passes a fresh one. */
  compiler?: SchemaCompiler;
}

export function validateSpec(input: unknown, options: ValidateOptions = {}): SpecValidation {
  const violations = new ViolationList();
  if (!isJsonObject(input)) {
    violations.add(
      '',
      'spec.type',
      `The definition is ${describeValue(input)}, not a JSON object`,
      'Write spec.json as one JSON object with the fields $specversion, name, shortname, runtime, entrypoint, description and requirements.',
    );
    return { ok: false, violations: violations.items };
  }
  const top = new FieldReader(input, '', violations);
  top.rejectUnknown(TOP_LEVEL_FIELDS, 'The definition', { fields: REQUIREMENTS_FIELDS, parent: 'requirements' });
  const values = Object.fromEntries(
    MANDATORY_TOP_LEVEL_FIELDS.filter((f) => f !== 'requirements').map((f) => [f, top.string(f, true)]),
  );
  checkSpecVersion(top, values.$specversion);
  checkLength(top, 'name', values.name, 1, NAME_MAX);
  checkShortname(top, values.shortname);
  checkRuntime(top, values.runtime);
  checkEntrypoint(top, values.entrypoint);
  checkLength(top, 'description', values.description, 1, DESCRIPTION_MAX);
  const tags = checkTags(top);
  const requirementsObject = top.object('requirements', true);
  const requirements =
    requirementsObject &&
    checkRequirements(
      new FieldReader(requirementsObject, top.at('requirements'), violations),
      options.compiler ?? defaultSchemaCompiler,
    );
  if (!violations.empty || !requirements) return { ok: false, violations: violations.items };
  // No violation means every mandatory field was read as a string.
  const spec: NormalizedSpec = {
    $specversion: SPEC_VERSION,
    name: values.name as string,
    shortname: values.shortname as string,
    runtime: values.runtime as string,
    entrypoint: values.entrypoint as string,
    description: values.description as string,
    tags,
    requirements,
  };
  return { ok: true, spec, violations: [] };
}

/** For spec.json as uploaded or read from disk: a JSON syntax error is one more violation. */
export function validateSpecText(text: string, options: ValidateOptions = {}): SpecValidation {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    const message = `spec.json is not valid JSON: ${(e as Error).message}`;
    return {
      ok: false,
      violations: [
        { pointer: '', rule: 'json.parse', message, fix: 'Correct the JSON syntax (quotes, commas, brackets).' },
      ],
    };
  }
  return validateSpec(parsed, options);
}

function checkSpecVersion(top: FieldReader, value: string | undefined): void {
  if (value === undefined || value === SPEC_VERSION) return;
  top.violations.add(
    top.at('$specversion'),
    'specversion.value',
    `$specversion is "${value}"; the only valid value is "${SPEC_VERSION}"`,
    `Set "$specversion": "${SPEC_VERSION}".`,
  );
}

function checkLength(
  reader: FieldReader,
  key: string,
  value: string | undefined,
  min: number,
  max: number,
  rule = `${key}.length`,
): boolean {
  if (value === undefined) return false;
  const length = value.trim().length === 0 ? 0 : value.length;
  if (length >= min && length <= max) return true;
  reader.violations.add(
    reader.at(key),
    rule,
    length === 0 ? `"${key}" is empty` : `"${key}" is ${length} characters long; at most ${max} are allowed`,
    length === 0 ? `Write a ${key}.` : `Shorten "${key}" to ${max} characters or fewer.`,
  );
  return false;
}

const invalidCharacters = (value: string, allowed: RegExp) =>
  [...new Set([...value].filter((c) => !allowed.test(c)))].map((c) => JSON.stringify(c)).join(', ');

function checkShortname(top: FieldReader, value: string | undefined): void {
  if (!checkLength(top, 'shortname', value, SHORTNAME.min, SHORTNAME.max) || value === undefined) return;
  const bad = invalidCharacters(value, /[A-Za-z0-9_-]/);
  if (bad) {
    top.violations.add(
      top.at('shortname'),
      'shortname.charset',
      `shortname "${value}" contains ${bad}`,
      'Use only letters, digits, "-" and "_" (it becomes the endpoint path and the AI tool name).',
    );
  } else if (!SHORTNAME.pattern.test(value)) {
    top.violations.add(
      top.at('shortname'),
      'shortname.start',
      `shortname "${value}" starts with "${value[0]}"`,
      'Start the shortname with a letter or digit.',
    );
  }
}

function checkRuntime(top: FieldReader, value: string | undefined): void {
  if (value === undefined || runtimeInfo(value)) return;
  const ids = RUNTIMES.map((r) => r.id);
  const guess = closestName(value, ids);
  top.violations.add(
    top.at('runtime'),
    'runtime.value',
    `runtime "${value}" is not supported`,
    guess ? `Did you mean "${guess}"? The allowed values are ${ids.join(', ')}.` : `Use one of ${ids.join(', ')}.`,
  );
}

function checkEntrypoint(top: FieldReader, value: string | undefined): void {
  if (!checkLength(top, 'entrypoint', value, ENTRYPOINT.min, ENTRYPOINT.max) || value === undefined) return;
  if (ENTRYPOINT.pattern.test(value)) return;
  top.violations.add(
    top.at('entrypoint'),
    'entrypoint.charset',
    `entrypoint "${value}" is not a method name`,
    'Give the name of the method alone (letters, digits and "_", not starting with a digit), with its exact case, e.g. "handler".',
  );
}

function checkTags(top: FieldReader): string[] {
  const tags = top.array('tags') ?? [];
  if (tags.length > TAG.maxCount) {
    top.violations.add(
      top.at('tags'),
      'tags.count',
      `There are ${tags.length} tags; at most ${TAG.maxCount} are allowed`,
      'Keep the tags that best describe the function.',
    );
  }
  const seen = new Set<string>();
  tags.forEach((tag, i) => {
    const pointer = `${top.at('tags')}/${i}`;
    if (typeof tag !== 'string') {
      top.violations.add(
        pointer,
        'field.type',
        `Tag ${describeValue(tag)} is not a string`,
        'Write each tag as a string.',
      );
    } else if (tag.length < TAG.min || tag.length > TAG.max) {
      top.violations.add(
        pointer,
        'tags.length',
        `Tag "${tag}" has ${tag.length} characters; 1 to ${TAG.max} are allowed`,
        `Write a tag of 1 to ${TAG.max} characters.`,
      );
    } else if (!TAG.pattern.test(tag)) {
      top.violations.add(
        pointer,
        'tags.charset',
        `Tag "${tag}" contains ${invalidCharacters(tag, /[a-z0-9]/)}`,
        `Use lowercase letters and digits only, e.g. "${tag.toLowerCase().replace(/[^a-z0-9]/g, '')}".`,
      );
    } else if (seen.has(tag)) {
      top.violations.add(pointer, 'tags.duplicate', `Tag "${tag}" is listed twice`, 'Remove the repeated tag.');
    }
    if (typeof tag === 'string') seen.add(tag);
  });
  return tags as string[];
}

function enumValue<T extends string>(
  reader: FieldReader,
  key: string,
  allowed: readonly T[],
  mandatory: boolean,
): T | undefined {
  const value = reader.string(key, mandatory);
  if (value === undefined || allowed.includes(value as T)) return value as T | undefined;
  const upper = value.toUpperCase();
  reader.violations.add(
    reader.at(key),
    `${key}.value`,
    `${key} "${value}" is not one of ${allowed.join(', ')}`,
    allowed.includes(upper as T) ? `Write it in capitals: "${upper}".` : `Use one of ${allowed.join(', ')}.`,
  );
  return undefined;
}

/** Unset type fields mean NONE; an invalid one yields undefined so dependent checks are skipped. */
function bodyType(reader: FieldReader, key: string): BodyType | undefined {
  return reader.has(key) ? enumValue(reader, key, BODY_TYPES, false) : 'NONE';
}

function checkRequirements(r: FieldReader, compiler: SchemaCompiler): NormalizedRequirements | undefined {
  r.rejectUnknown(REQUIREMENTS_FIELDS, 'requirements');
  const requestType = enumValue<RequestType>(r, 'requestType', REQUEST_TYPES, true);
  const queryParams = checkQueryParams(r);
  const inputType = bodyType(r, 'inputType');
  const outputType = bodyType(r, 'outputType');
  if (requestType === 'GET' && inputType && inputType !== 'NONE') {
    r.violations.add(
      r.at('requestType'),
      'requestType.getWithBody',
      `requestType GET cannot carry a ${inputType} body`,
      'Use POST, PUT or DELETE for a function that takes a body, or set inputType to NONE and pass values as query parameters.',
    );
  }
  const input = new BodyChecker(r, 'input', compiler).check(inputType);
  const output = new BodyChecker(r, 'output', compiler).check(outputType);
  if (!requestType || !inputType || !outputType) return undefined;
  return {
    requestType,
    queryParams,
    inputType,
    // The checker of each side returns only the schema kinds of that side.
    ...(input.schema && { inputSchema: input.schema as NormalizedRequirements['inputSchema'] }),
    ...(input.example !== undefined && { inputJsonExample: input.example }),
    outputType,
    ...(output.schema && { outputSchema: output.schema }),
    ...(output.example !== undefined && { outputJsonExample: output.example }),
  };
}

function checkQueryParams(r: FieldReader): QueryParam[] {
  const names = new Set<string>();
  return (r.array('queryParams') ?? []).flatMap((item, i): QueryParam[] => {
    const pointer = `${r.at('queryParams')}/${i}`;
    if (!isJsonObject(item)) {
      r.violations.add(
        pointer,
        'field.type',
        `Query parameter ${i} is ${describeValue(item)}, not an object`,
        'Write each query parameter as { "name": …, "required": …, "description": …, "exampleData": … }.',
      );
      return [];
    }
    const p = new FieldReader(item, pointer, r.violations);
    p.rejectUnknown(QUERY_PARAM_FIELDS, `Query parameter ${i}`);
    const name = p.string('name', true);
    if (
      checkLength(p, 'name', name, QUERY_PARAM_NAME.min, QUERY_PARAM_NAME.max, 'queryParams.name.length') &&
      name !== undefined
    ) {
      if (!QUERY_PARAM_NAME.pattern.test(name)) {
        r.violations.add(
          p.at('name'),
          'queryParams.name.charset',
          `Query parameter name "${name}" contains ${invalidCharacters(name, /[a-z0-9]/)}`,
          `Use lowercase letters and digits only, e.g. "${name.toLowerCase().replace(/[^a-z0-9]/g, '')}".`,
        );
      } else if (names.has(name)) {
        r.violations.add(
          p.at('name'),
          'queryParams.name.duplicate',
          `Query parameter "${name}" is defined twice`,
          'Remove or rename one of them.',
        );
      }
      names.add(name);
    }
    const description = p.string('description');
    checkLength(p, 'description', description, 0, DESCRIPTION_MAX, 'queryParams.description.length');
    const exampleData = p.string('exampleData');
    return [
      {
        name: name ?? '',
        required: p.boolean('required') ?? false,
        ...(description !== undefined && { description }),
        ...(exampleData !== undefined && { exampleData }),
      },
    ];
  });
}
