// Definitions the spec tests start from. Each call returns a fresh copy, so tests may mutate it.

export type Json = Record<string, unknown>;

export const jsonSpec = (): Json => ({
  $specversion: 'v1.0.0',
  name: 'Weather now',
  shortname: 'weather-now',
  runtime: 'nodejs20',
  entrypoint: 'handler',
  description: 'Current weather for a city.',
  tags: ['weather', 'geo'],
  requirements: {
    requestType: 'POST',
    queryParams: [
      { name: 'units', required: true, description: 'metric or imperial', exampleData: 'units=metric' },
      { name: 'lang', description: 'Language of the summary' },
    ],
    inputType: 'JSON',
    inputSchema: {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        city: { type: 'string' },
        at: { $ref: '#/$defs/point' },
        email: { type: 'string', format: 'email' },
      },
      required: ['city'],
      additionalProperties: false,
      $defs: { point: { type: 'object', properties: { lat: { type: 'number' }, lon: { type: 'number' } } } },
    },
    inputJsonExample: '{"city": "Paris"}',
    outputType: 'JSON',
    outputSchema: { type: 'object', properties: { celsius: { type: 'number' } }, required: [] },
    outputJsonExample: '{"celsius": 3.5}',
  },
});

export const fileSpec = (): Json => ({
  $specversion: 'v1.0.0',
  name: 'PDF to text',
  shortname: 'pdf2text',
  runtime: 'python312',
  entrypoint: 'handle_request',
  description: 'Extracts the text of a PDF.',
  requirements: {
    requestType: 'PUT',
    inputType: 'FILE',
    inputSchema: { description: 'The document', extensions: ['.PDF', 'pdf', 'Docx'], required: true },
    outputType: 'FILE',
    outputSchema: { description: 'Plain text', extensions: ['txt'] },
  },
});

export const noneSpec = (): Json => ({
  $specversion: 'v1.0.0',
  name: 'Ping',
  shortname: 'ping',
  runtime: 'go122',
  entrypoint: 'Handle',
  description: 'Answers when the service is up.',
  requirements: { requestType: 'GET' },
});

export const requirementsOf = (spec: Json) => spec.requirements as Json;
