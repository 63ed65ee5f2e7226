// The bounds and character sets of spec.json, in one place: the validator enforces them, the
// OpenAPI export publishes them (schema of GET …/spec.json) and docs/spec.md explains them.

export const SPEC_VERSION = 'v1.0.0';

export const REQUEST_TYPES = ['GET', 'POST', 'PUT', 'DELETE'] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];

export const BODY_TYPES = ['NONE', 'JSON', 'FILE'] as const;
export type BodyType = (typeof BODY_TYPES)[number];

/** Letters, digits, `-`, `_`; starts with a letter or digit so it reads well in a URL and as a tool name. */
export const SHORTNAME = { pattern: /^[A-Za-z0-9][A-Za-z0-9_-]*$/, min: 1, max: 64 };
/** An identifier in every supported language (no dots or `::`: the runtime adds module or class). */
export const ENTRYPOINT = { pattern: /^[A-Za-z_][A-Za-z0-9_]*$/, min: 1, max: 128 };
/** "Lowercase with no special characters". */
export const TAG = { pattern: /^[a-z0-9]+$/, min: 1, max: 32, maxCount: 20 };
export const QUERY_PARAM_NAME = { pattern: /^[a-z0-9]+$/, min: 1, max: 64 };
/** `pdf`, `.pdf`, `tar.gz`: normalised to lowercase without the leading dot. */
export const EXTENSION = { pattern: /^\.?[A-Za-z0-9]+(?:\.[A-Za-z0-9]+)*$/ };

export const NAME_MAX = 128;
/** AI tool APIs cap a tool description at 1024 characters; the spec description becomes it verbatim. */
export const DESCRIPTION_MAX = 1024;

export const JSON_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

export const TOP_LEVEL_FIELDS = [
  '$specversion',
  'name',
  'shortname',
  'runtime',
  'entrypoint',
  'description',
  'requirements',
  'tags',
] as const;
export const MANDATORY_TOP_LEVEL_FIELDS = TOP_LEVEL_FIELDS.filter((f) => f !== 'tags');

export const REQUIREMENTS_FIELDS = [
  'requestType',
  'queryParams',
  'inputType',
  'inputSchema',
  'inputJsonExample',
  'outputType',
  'outputSchema',
  'outputJsonExample',
] as const;

export const QUERY_PARAM_FIELDS = ['name', 'required', 'description', 'exampleData'] as const;
export const FILE_SCHEMA_FIELDS = ['description', 'extensions', 'required'] as const;

/** Path of a hosted function's endpoint (docs/decisions.md "Hosted functions"). */
export const functionPath = (shortname: string) => `/functions/v1/${shortname}`;
export const specPath = (shortname: string) => `${functionPath(shortname)}/spec.json`;

/** Failures of a hosted function call, answered with the error envelope (docs/decisions.md "Responses and errors"). */
export const ERROR_STATUSES: Record<number, string> = {
  400: 'The request does not match the definition; every violation is listed',
  401: 'The svcwt token is missing, malformed, badly signed or expired',
  404: 'No function has this shortname',
  405: "The method is not the function's requestType; the Allow header names the right one",
  413: 'The request body is too large',
  502: 'The function failed or returned a response that does not match its definition',
  504: 'The function did not answer in time',
};
