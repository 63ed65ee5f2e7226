// Developer documentation of one hosted function, as Markdown (the website renders the same text).
import { ERROR_STATUSES, functionPath, specPath } from './rules';
import { runtimeInfo } from './runtimes';
import { describeFile, inputBody, outputBody, queryExampleValue, type NormalizedSpec } from './types';

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
const code = (text: string) => `\`${text.replace(/`/g, "'")}\``;

/** A fence longer than any backtick run inside, so schemas holding ``` cannot break out. */
function fenced(lang: string, text: string): string {
  const longest = Math.max(2, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${lang}\n${text}\n${fence}`;
}

const json = (value: unknown) => fenced('json', JSON.stringify(value, null, 2));
const prettyJson = (text: string) => json(JSON.parse(text));

function overview(spec: NormalizedSpec): string[] {
  const runtime = runtimeInfo(spec.runtime);
  return [
    '| | |',
    '|---|---|',
    `| Endpoint | ${code(`${spec.requirements.requestType} ${functionPath(spec.shortname)}`)} |`,
    `| Shortname | ${code(spec.shortname)} |`,
    `| Runtime | ${spec.runtime}${runtime ? ` (AWS Lambda ${runtime.lambdaRuntime})` : ''} |`,
    `| Entrypoint | ${code(spec.entrypoint)} |`,
    `| Tags | ${spec.tags.length ? spec.tags.map(code).join(', ') : '—'} |`,
    `| Definition | ${code(`GET ${specPath(spec.shortname)}`)} |`,
    '',
    'Every call carries the access token in the `svcwt` header.',
  ];
}

function queryParams(spec: NormalizedSpec): string[] {
  const params = spec.requirements.queryParams;
  if (params.length === 0) return ['None.'];
  return [
    '| Name | Required | Description | Example |',
    '|---|---|---|---|',
    ...params.map(
      (p) =>
        `| ${code(p.name)} | ${p.required ? 'yes' : 'no'} | ${cell(p.description ?? '')} | ${p.exampleData ? code(cell(p.exampleData)) : ''} |`,
    ),
  ];
}

function requestBody(spec: NormalizedSpec): string[] {
  const input = inputBody(spec);
  if (input.type === 'NONE') return ['None.'];
  if (input.type === 'FILE') {
    const presence = input.schema.required ? 'required' : 'optional';
    return [
      `${code('multipart/form-data')} with the file in the part ${code('file')} (${presence}). ${describeFile(input.schema, code)}`,
    ];
  }
  return [
    `${code('application/json')} matching this JSON Schema:`,
    '',
    json(input.schema),
    ...(input.example === undefined ? [] : ['', 'Example:', '', prettyJson(input.example)]),
  ];
}

function response(spec: NormalizedSpec): string[] {
  const output = outputBody(spec);
  if (output.type === 'NONE') return ['`204 No Content`: the function returns no body.'];
  if (output.type === 'FILE')
    return [
      `${code('200')}: the file content (${code('application/octet-stream')}). ${describeFile(output.schema, code)}`,
    ];
  return [
    `${code('200')} ${code('application/json')} matching this JSON Schema:`,
    '',
    json(output.schema),
    ...(output.example === undefined ? [] : ['', 'Example:', '', prettyJson(output.example)]),
  ];
}

/** A copy-ready curl call of the function with its examples ($FNQ_URL and $FNQ_TOKEN from the shell, as fnq reads them). */
export function curlCommand(spec: NormalizedSpec): string {
  const { requestType, queryParams: params } = spec.requirements;
  const query = params
    .filter((p) => p.required)
    .map((p) => `${p.name}=${encodeURIComponent(queryExampleValue(p) ?? '…')}`)
    .join('&');
  const input = inputBody(spec);
  const lines = [
    `curl -X ${requestType} "$FNQ_URL${functionPath(spec.shortname)}${query ? `?${query}` : ''}"`,
    '  -H "svcwt: $FNQ_TOKEN"',
  ];
  if (input.type === 'JSON') {
    const body = input.example === undefined ? '{}' : JSON.stringify(JSON.parse(input.example));
    lines.push("  -H 'content-type: application/json'", `  --data '${body.replace(/'/g, "'\\''")}'`);
  }
  if (input.type === 'FILE')
    lines.push(`  -F "file=@document${input.schema.extensions[0] ? `.${input.schema.extensions[0]}` : ''}"`);
  return lines.join(' \\\n');
}

function errors(): string[] {
  return [
    'Failures answer with `{"spanId": "…", "error": "<code>", "messages": ["ISSUE: … ADVICE: …", "failed"]}`.',
    '',
    '| Status | When |',
    '|---|---|',
    ...Object.entries(ERROR_STATUSES).map(([status, when]) => `| ${status} | ${cell(when)} |`),
  ];
}

export function toMarkdown(spec: NormalizedSpec): string {
  const sections: [string, string[]][] = [
    ['Query parameters', queryParams(spec)],
    ['Request body', requestBody(spec)],
    ['Response', response(spec)],
    ['Example request', [fenced('sh', curlCommand(spec))]],
    ['Errors', errors()],
  ];
  return [
    `# ${cell(spec.name)}`,
    '',
    spec.description,
    '',
    ...overview(spec),
    ...sections.flatMap(([title, lines]) => ['', `## ${title}`, '', ...lines]),
    '',
  ].join('\n');
}
