// The input schemas of the service's own MCP tools, apart from the tools: tools/generate/mcp-validators.ts
// compiles them to standalone checks at build time, which the tool modules import. Each tool's arguments
// are typed from its schema, and its check narrows them to that type: what the tool reads is what Ajv checked.
import { COLLECTION_NAME } from '../ingest/collection-name';
import type { SchemaValue } from '../json-schema';
import { CONTEXT_HITS } from '../query/vectordb';
import type { JsonSchemaObject } from '../spec/index';

export const SEARCH_LIMIT_MAX = 50;

const collection = {
  type: 'string',
  pattern: COLLECTION_NAME.source,
  description: 'Name of one of your collections (the collection_name of your uploads).',
} as const;
const question = { type: 'string', minLength: 1, maxLength: 20_000 } as const;

export const SEARCH_INPUT = {
  type: 'object',
  properties: {
    collection,
    query: { ...question, description: 'What to look for.' },
    limit: {
      type: 'integer',
      minimum: 1,
      maximum: SEARCH_LIMIT_MAX,
      default: CONTEXT_HITS,
      description: 'How many chunks to return.',
    },
  },
  required: ['collection', 'query'],
  additionalProperties: false,
} as const satisfies JsonSchemaObject;

export const ASK_INPUT = {
  type: 'object',
  properties: {
    collection,
    query: { ...question, description: 'The question to answer.' },
    rag_query: {
      ...question,
      description: 'A different text to search with, when the question itself finds the wrong passages.',
    },
  },
  required: ['collection', 'query'],
  additionalProperties: false,
} as const satisfies JsonSchemaObject;

export type SearchArgs = SchemaValue<typeof SEARCH_INPUT>;
export type AskArgs = SchemaValue<typeof ASK_INPUT>;

export const DEPLOY_INPUT = {
  type: 'object',
  properties: {
    bundle_base64: { type: 'string', minLength: 1, description: 'The zip file, base64-encoded.' },
  },
  required: ['bundle_base64'],
  additionalProperties: false,
} as const satisfies JsonSchemaObject;

export const UPLOAD_INPUT = {
  type: 'object',
  properties: {
    collection_name: {
      type: 'string',
      pattern: COLLECTION_NAME.source,
      description: 'The collection to add it to (created by its first document).',
    },
    filename: {
      type: 'string',
      minLength: 1,
      maxLength: 255,
      description: 'Its name with the extension, which says how to read it (e.g. notes.md).',
    },
    text: { type: 'string', minLength: 1, description: 'The document as text (UTF-8).' },
    content_base64: { type: 'string', minLength: 1, description: 'The file, base64-encoded.' },
  },
  required: ['collection_name', 'filename'],
  oneOf: [{ required: ['text'] }, { required: ['content_base64'] }],
  additionalProperties: false,
} as const satisfies JsonSchemaObject;

export type DeployArgs = SchemaValue<typeof DEPLOY_INPUT>;
export type UploadArgs = SchemaValue<typeof UPLOAD_INPUT>;
