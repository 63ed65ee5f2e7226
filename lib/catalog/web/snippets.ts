// Copy-ready calls of one function: curl (the same text as `fnq spec docs`), the TypeScript SDK,
// and Python with requests. Each uses the spec's examples and reads the address and token from the
// environment, so a copied snippet never carries a secret.
import { curlCommand } from '../../spec/markdown';
import { functionPath } from '../../spec/rules';
import { inputBody, queryExampleValue, type NormalizedSpec } from '../../spec/types';

export interface Snippet {
  id: string;
  label: string;
  code: string;
}

function exampleQuery(spec: NormalizedSpec): Record<string, string> {
  return Object.fromEntries(
    spec.requirements.queryParams.filter((p) => p.required).map((p) => [p.name, queryExampleValue(p) ?? '…']),
  );
}

function exampleBody(spec: NormalizedSpec): unknown {
  const input = inputBody(spec);
  return input.type === 'JSON' ? (input.example === undefined ? {} : JSON.parse(input.example)) : undefined;
}

function typescript(spec: NormalizedSpec): string {
  const input = inputBody(spec);
  const query = exampleQuery(spec);
  const fields = [
    ...(Object.keys(query).length ? [`query: ${JSON.stringify(query)}`] : []),
    ...(input.type === 'JSON' ? [`body: ${JSON.stringify(exampleBody(spec))}`] : []),
    ...(input.type === 'FILE'
      ? [
          `file: { filename: 'document${input.schema.extensions[0] ? `.${input.schema.extensions[0]}` : ''}', data: await readFile('document') }`,
        ]
      : []),
  ];
  return [
    "import { FnqClient } from 'fnquery/sdk';",
    ...(input.type === 'FILE' ? ["import { readFile } from 'node:fs/promises';"] : []),
    '',
    'const fnq = new FnqClient({ url: process.env.FNQ_URL!, token: process.env.FNQ_TOKEN! });',
    `const result = await fnq.functions.invoke(${JSON.stringify(spec.shortname)}${fields.length ? `, { ${fields.join(', ')} }` : ''});`,
    'console.log(result.status, result.json);',
  ].join('\n');
}

function python(spec: NormalizedSpec): string {
  const input = inputBody(spec);
  const query = exampleQuery(spec);
  const args = [
    `f"{os.environ['FNQ_URL']}${functionPath(spec.shortname)}"`,
    'headers={"svcwt": os.environ["FNQ_TOKEN"]}',
    ...(Object.keys(query).length ? [`params=${JSON.stringify(query)}`] : []),
    ...(input.type === 'JSON' ? [`json=json.loads(${JSON.stringify(JSON.stringify(exampleBody(spec)))})`] : []),
    ...(input.type === 'FILE' ? ['files={"file": open("document", "rb")}'] : []),
  ];
  return [
    'import json, os',
    'import requests',
    '',
    `response = requests.${spec.requirements.requestType.toLowerCase()}(`,
    ...args.map((a) => `    ${a},`),
    ')',
    'print(response.status_code, response.text)',
  ].join('\n');
}

export function snippets(spec: NormalizedSpec): Snippet[] {
  return [
    { id: 'curl', label: 'curl', code: curlCommand(spec) },
    { id: 'typescript', label: 'TypeScript SDK', code: typescript(spec) },
    { id: 'python', label: 'Python', code: python(spec) },
  ];
}
