// spec.json: validation, request validation, and the exports for docs, AI tools and SDKs.
export { validateSpec, validateSpecText, type SpecValidation, type ValidateOptions } from './validate';
export { compiledValidators, type FileFacts, type RequestValidators } from './request-validators';
export { SchemaCompiler, defaultSchemaCompiler, createSpecAjv, compileIsolated } from './schema-compiler';
export { RUNTIMES, runtimeInfo, type RuntimeFamily, type RuntimeInfo } from './runtimes';
export { toOpenApi, type OpenApiDocument } from './openapi';
export { toToolDefinition, toolArgumentsToRequest, TOOL_NAME, type FunctionRequest, type OpenAiTool } from './tool';
export { curlCommand, toMarkdown } from './markdown';
export { mapSubschemas } from './schema-walk';
export { functionPath, specPath, SPEC_VERSION } from './rules';
export { describeFile, extensionList, inputBody, outputBody, queryExampleValue } from './types';
export type * from './types';
