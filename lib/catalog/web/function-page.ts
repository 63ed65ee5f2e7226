// /catalog/{shortname}: a function's documentation, generated from its spec.json — how to call it,
// its parameters and bodies as tables with examples, copy-ready snippets, and a try-it form that
// the browser script validates against the same definition before anything is sent.
import type { CatalogEntry } from '../../functions/catalog-entry';
import {
  describeFile,
  extensionList,
  inputBody,
  outputBody,
  queryExampleValue,
  type FileSchema,
  type InputFileSchema,
  type JsonSchemaObject,
  type NormalizedSpec,
} from '../../spec/types';
import { esc, jsonScript, page } from './html';
import { schemaRows } from './schema-table';
import { snippets } from './snippets';

const code = (text: string) => `<code>${esc(text)}</code>`;

function schemaTable(caption: string, schema: JsonSchemaObject, example: string | undefined): string {
  const rows = schemaRows(schema, example === undefined ? undefined : JSON.parse(example));
  const body = rows.map(
    (r) =>
      `<tr><th scope="row">${r.name ? code(r.name) : '(body)'}</th><td>${esc(r.type)}</td><td>${r.required ? 'yes' : 'no'}</td>` +
      `<td>${esc(r.description)}${r.constraints.length ? `<ul class="constraints">${r.constraints.map((c) => `<li>${esc(c)}</li>`).join('')}</ul>` : ''}</td>` +
      `<td>${r.example === undefined ? '' : code(r.example)}</td></tr>`,
  );
  const table = `<div class="scroll"><table><caption>${esc(caption)}</caption>
<thead><tr><th scope="col">Field</th><th scope="col">Type</th><th scope="col">Required</th><th scope="col">Description</th><th scope="col">Example</th></tr></thead>
<tbody>${body.join('\n')}</tbody></table></div>`;
  const full =
    example === undefined
      ? ''
      : `<h4>Example</h4><pre><code>${esc(JSON.stringify(JSON.parse(example), null, 2))}</code></pre>`;
  return `${table}${full}<details><summary>JSON Schema</summary><pre><code>${esc(JSON.stringify(schema, null, 2))}</code></pre></details>`;
}

function fileText(schema: FileSchema | InputFileSchema, input: boolean): string {
  const presence = input ? ((schema as InputFileSchema).required ? ' (required)' : ' (optional)') : '';
  const where = input
    ? `<p>${code('multipart/form-data')}, the file in the part ${code('file')}${presence}.</p>`
    : `<p>The file itself (${code('application/octet-stream')}, with a file name in Content-Disposition).</p>`;
  return `${where}<p>${esc(describeFile(schema))}</p><p>Accepted extensions: ${schema.extensions.length ? schema.extensions.map((e) => code(`.${e}`)).join(', ') : 'any'}</p>`;
}

function queryTable(spec: NormalizedSpec): string {
  const params = spec.requirements.queryParams;
  if (params.length === 0) return '<p>None.</p>';
  const rows = params.map(
    (p) =>
      `<tr><th scope="row">${code(p.name)}</th><td>${p.required ? 'yes' : 'no'}</td><td>${esc(p.description ?? '')}</td>` +
      `<td>${queryExampleValue(p) === undefined ? '' : code(queryExampleValue(p)!)}</td></tr>`,
  );
  return `<div class="scroll"><table><caption>Query parameters</caption><thead><tr><th scope="col">Name</th><th scope="col">Required</th><th scope="col">Description</th><th scope="col">Example</th></tr></thead><tbody>${rows.join('')}</tbody></table></div>`;
}

function requestSection(spec: NormalizedSpec): string {
  const input = inputBody(spec);
  if (input.type === 'NONE') return '<p>None.</p>';
  if (input.type === 'FILE') return fileText(input.schema, true);
  return `<p>${code('application/json')}:</p>${schemaTable('Request body fields', input.schema, input.example)}`;
}

function responseSection(spec: NormalizedSpec): string {
  const output = outputBody(spec);
  if (output.type === 'NONE') return `<p>${code('204 No Content')}: the function returns no body.</p>`;
  if (output.type === 'FILE') return fileText(output.schema, false);
  return `<p>${code('200')} ${code('application/json')}:</p>${schemaTable('Response body fields', output.schema, output.example)}`;
}

function snippetsSection(spec: NormalizedSpec): string {
  return snippets(spec)
    .map(
      (s) =>
        `<figure class="snippet"><figcaption id="snippet-${s.id}">${esc(s.label)}</figcaption>` +
        `<pre aria-labelledby="snippet-${s.id}"><code>${esc(s.code)}</code></pre></figure>`,
    )
    .join('\n');
}

function tryItForm(spec: NormalizedSpec): string {
  const input = inputBody(spec);
  const params = spec.requirements.queryParams.map(
    (p) =>
      `<div class="field"><label for="param-${esc(p.name)}">${esc(p.name)}${p.required ? ' (required)' : ''}</label>` +
      `<input id="param-${esc(p.name)}" name="param:${esc(p.name)}" placeholder="${esc(queryExampleValue(p) ?? '')}"></div>`,
  );
  const body =
    input.type === 'JSON'
      ? `<div class="field"><label for="try-body">Request body (JSON)</label><textarea id="try-body" name="body" rows="8" spellcheck="false">${esc(input.example === undefined ? '{}' : JSON.stringify(JSON.parse(input.example), null, 2))}</textarea></div>`
      : input.type === 'FILE'
        ? `<div class="field"><label for="try-file">File (${esc(extensionList(input.schema))})</label><input id="try-file" name="file" type="file"></div>`
        : '';
  return `<noscript><p>Trying the function here needs JavaScript; the curl command above does the same from a terminal.</p></noscript>
<form id="try-it" class="try" hidden novalidate>
<p>The form checks your input against this definition in the browser, then calls the function with your token.</p>
<div class="field"><label for="try-token">Access token (svcwt)</label><input id="try-token" name="token" type="password" autocomplete="off" required aria-describedby="token-help">
<p id="token-help" class="help">Kept only in this tab's session storage; never sent anywhere but this service.</p></div>
${params.join('\n')}
${body}
<button type="submit">Send ${esc(spec.requirements.requestType)} request</button>
</form>
<div id="try-violations" class="violations" role="alert" hidden></div>
<div id="try-result" class="result-box" aria-live="polite" hidden></div>`;
}

export function functionPage(spec: NormalizedSpec, entry: CatalogEntry): string {
  const tags = spec.tags.length
    ? spec.tags.map((t) => `<a class="chip small" href="/catalog?tag=${encodeURIComponent(t)}">${esc(t)}</a>`).join(' ')
    : '—';
  return page(
    spec.name,
    `<nav aria-label="Breadcrumb"><a href="/catalog">All functions</a></nav>
<h1>${esc(spec.name)}</h1>
<p class="lead">${esc(spec.description)}</p>
<dl class="facts">
<dt>Call</dt><dd>${code(`${entry.method} ${entry.path}`)} with the token in the ${code('svcwt')} header</dd>
<dt>Shortname</dt><dd>${code(spec.shortname)}</dd>
<dt>Runtime</dt><dd>${esc(spec.runtime)}</dd>
<dt>Tags</dt><dd>${tags}</dd>
<dt>Updated</dt><dd><time datetime="${esc(entry.updated)}">${esc(entry.updated.slice(0, 10))}</time></dd>
<dt>Definition</dt><dd>${code(`GET ${entry.path}/spec.json`)}, ${code(`GET ${entry.path}/openapi.json`)}</dd>
</dl>
<section aria-labelledby="h-query"><h2 id="h-query">Query parameters</h2>${queryTable(spec)}</section>
<section aria-labelledby="h-request"><h2 id="h-request">Request body</h2>${requestSection(spec)}</section>
<section aria-labelledby="h-response"><h2 id="h-response">Response</h2>${responseSection(spec)}</section>
<section aria-labelledby="h-call"><h2 id="h-call">Call it</h2><p>Set ${code('FNQ_URL')} to this service's address and ${code('FNQ_TOKEN')} to your token (the names fnq reads too).</p>${snippetsSection(spec)}</section>
<section aria-labelledby="h-try"><h2 id="h-try">Try it</h2>${tryItForm(spec)}</section>
<script type="application/json" id="function-spec">${jsonScript(spec)}</script>`,
  );
}

export function notFoundPage(shortname: string): string {
  return page(
    'Not found',
    `<h1>No function named “${esc(shortname)}”</h1><p>It may have been deleted or renamed. <a href="/catalog">Search the catalog</a>.</p>`,
  );
}
