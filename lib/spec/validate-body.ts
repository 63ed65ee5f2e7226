// The request or response body of a definition: its type, schema and example must agree
// (docs/interface.md "requirements" rules 1, 2, 5 and 6).
import { FieldReader, isJsonObject } from './field-reader';
import { DESCRIPTION_MAX, EXTENSION, FILE_SCHEMA_FIELDS, JSON_SCHEMA_DIALECT, type BodyType } from './rules';
import { errorsOf, type SchemaCompiler } from './schema-compiler';
import type { FileSchema, InputFileSchema, JsonSchemaObject } from './types';
import { describeValue } from './violations';

export type Side = 'input' | 'output';

export interface BodyParts {
  schema?: JsonSchemaObject | FileSchema | InputFileSchema;
  example?: string;
}

/** The draft a `$schema` names, for a message that says more than "unknown meta-schema". */
function dialectName(uri: string): string {
  const draft = /draft-0(\d)/.exec(uri) ?? /draft\/(\d{4}-\d{2})/.exec(uri);
  return draft ? `draft ${draft[1]}` : 'an unknown dialect';
}

export class BodyChecker {
  private readonly schemaKey: string;
  private readonly exampleKey: string;

  constructor(
    private readonly requirements: FieldReader,
    private readonly side: Side,
    private readonly compiler: SchemaCompiler,
  ) {
    this.schemaKey = `${side}Schema`;
    this.exampleKey = `${side}JsonExample`;
  }

  /** `type` is undefined when the type field itself is invalid: nothing else can be judged then. */
  check(type: BodyType | undefined): BodyParts {
    if (!type) return {};
    const r = this.requirements;
    const example = this.example(type);
    if (type === 'NONE') {
      if (r.has(this.schemaKey)) {
        this.add(
          this.schemaKey,
          'schema.unexpected',
          `"${this.schemaKey}" is given but ${this.side}Type is NONE`,
          `Remove "${this.schemaKey}", or set ${this.side}Type to JSON or FILE.`,
        );
      }
      return {};
    }
    if (!r.has(this.schemaKey)) {
      this.add(
        this.schemaKey,
        'schema.missing',
        `${this.side}Type is ${type} but "${this.schemaKey}" is missing`,
        type === 'JSON'
          ? `Add "${this.schemaKey}": a JSON Schema (2020-12) of the body.`
          : `Add "${this.schemaKey}": { "description": …, "extensions": [ … ] }.`,
      );
      return {};
    }
    const schema = r.fields[this.schemaKey];
    if (!isJsonObject(schema)) {
      this.add(
        this.schemaKey,
        'schema.type',
        `"${this.schemaKey}" must be an object, not ${describeValue(schema)}`,
        type === 'JSON' ? 'Write the JSON Schema as an object.' : 'Write the file schema as an object.',
      );
      return {};
    }
    return type === 'JSON' ? this.jsonBody(schema, example) : { schema: this.fileSchema(schema) };
  }

  private example(type: BodyType): string | undefined {
    if (!this.requirements.has(this.exampleKey)) return undefined;
    if (type !== 'JSON') {
      this.add(
        this.exampleKey,
        'example.unexpected',
        `"${this.exampleKey}" is only allowed when ${this.side}Type is JSON`,
        `Remove "${this.exampleKey}", or set ${this.side}Type to JSON.`,
      );
      return undefined;
    }
    return this.requirements.string(this.exampleKey);
  }

  private jsonBody(schema: JsonSchemaObject, example: string | undefined): BodyParts {
    if (!this.dialectSupported(schema)) return { schema, example };
    const analysis = this.compiler.analyse(schema);
    for (const p of analysis.problems) {
      const pointer = `${this.requirements.at(this.schemaKey)}${p.pointer}`;
      if (p.rule === 'schema.invalid') {
        this.requirements.violations.add(
          pointer,
          p.rule,
          `${this.schemaKey} is not a valid JSON Schema: ${p.pointer || 'its root'} ${p.message}`,
          'Correct this keyword following JSON Schema 2020-12.',
        );
      } else {
        this.requirements.violations.add(
          pointer,
          p.rule,
          `${this.schemaKey} does not compile: ${p.message}`,
          'Fix the reference, pattern or $ref cycle it names; only references inside the schema itself resolve.',
        );
      }
    }
    if (example === undefined) return { schema };
    let value: unknown;
    try {
      value = JSON.parse(example);
    } catch (e) {
      this.add(
        this.exampleKey,
        'example.parse',
        `"${this.exampleKey}" is not valid JSON: ${(e as Error).message}`,
        'Write the example as a string holding JSON text, with inner quotes escaped.',
      );
      return { schema, example };
    }
    if (analysis.validate) {
      for (const e of errorsOf(analysis.validate, value)) {
        const where = e.instancePath || 'the value';
        this.add(
          this.exampleKey,
          'example.mismatch',
          `"${this.exampleKey}" does not match ${this.schemaKey}: ${where} ${e.message ?? 'is invalid'}`,
          `Change the example (or the schema) so the example is valid at ${e.instancePath || 'its root'}.`,
        );
      }
    }
    return { schema, example };
  }

  private dialectSupported(schema: JsonSchemaObject): boolean {
    const declared = schema.$schema;
    if (declared === undefined || (typeof declared === 'string' && declared.replace(/#$/, '') === JSON_SCHEMA_DIALECT))
      return true;
    const named = typeof declared === 'string' ? `${dialectName(declared)} (${declared})` : describeValue(declared);
    this.requirements.violations.add(
      `${this.requirements.at(this.schemaKey)}/$schema`,
      'schema.draft',
      `${this.schemaKey} declares ${named}; only JSON Schema 2020-12 is supported`,
      `Set "$schema" to "${JSON_SCHEMA_DIALECT}" (or remove it) and update keywords that changed, ` +
        'e.g. "definitions" → "$defs", array "items" → "prefixItems".',
    );
    return false;
  }

  private fileSchema(schema: JsonSchemaObject): FileSchema | InputFileSchema {
    const file = new FieldReader(schema, this.requirements.at(this.schemaKey), this.requirements.violations);
    if (this.side === 'output' && file.has('required')) {
      this.requirements.violations.add(
        file.at('required'),
        'fileSchema.outputRequired',
        '"required" does not apply to an output file schema',
        'Remove "required" from outputSchema; it is only meaningful for input files.',
      );
    }
    file.rejectUnknown(FILE_SCHEMA_FIELDS, `${this.schemaKey} (file schema)`);
    const description = file.string('description');
    if (description !== undefined && description.length > DESCRIPTION_MAX) {
      this.requirements.violations.add(
        file.at('description'),
        'fileSchema.description.length',
        `The file description is ${description.length} characters long; at most ${DESCRIPTION_MAX} are allowed`,
        'Shorten it.',
      );
    }
    const normalized: FileSchema = {
      ...(description !== undefined && { description }),
      extensions: this.extensions(file),
    };
    return this.side === 'input' ? { ...normalized, required: file.boolean('required') ?? false } : normalized;
  }

  /** `.PDF`, `pdf` and `Pdf` all mean `pdf`; duplicates after that are harmless and dropped. */
  private extensions(file: FieldReader): string[] {
    const list = file.array('extensions');
    if (!list) return [];
    if (list.length === 0) {
      file.violations.add(
        file.at('extensions'),
        'fileSchema.extensions.empty',
        '"extensions" is an empty list, which would accept no file',
        'List the accepted extensions, e.g. ["pdf"], or remove "extensions" to accept any file.',
      );
    }
    const normalized = new Set<string>();
    list.forEach((ext, i) => {
      const pointer = `${file.at('extensions')}/${i}`;
      if (typeof ext !== 'string' || !EXTENSION.pattern.test(ext)) {
        file.violations.add(
          pointer,
          'fileSchema.extensions.charset',
          `Extension ${describeValue(ext)} is not a file extension`,
          'Write it as letters and digits, optionally with a leading dot, e.g. "pdf", ".csv" or "tar.gz".',
        );
        return;
      }
      normalized.add(ext.replace(/^\./, '').toLowerCase());
    });
    return [...normalized];
  }

  private add(key: string, rule: string, message: string, fix: string): void {
    this.requirements.violations.add(this.requirements.at(key), rule, message, fix);
  }
}
