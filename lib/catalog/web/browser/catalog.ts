// The catalog pages' browser script. Everything it improves reads without it: the search page
// refreshes its server-rendered results as you type, and the try-it form validates the request
// with the service's own validators (lib/spec, the same code as the server and the SDK) and only
// then calls the function. The token lives in this tab's sessionStorage and nowhere else.
import { compiledValidators, validateSpec, type NormalizedSpec, type Violation } from '../../../spec/index';

const TOKEN_KEY = 'fnq-token';
const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T | null;

function liveSearch(): void {
  const input = byId<HTMLInputElement>('q');
  const results = byId('results');
  if (!input?.form || !results) return;
  const form = input.form;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let latest = 0;
  const refresh = async () => {
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(form))
      if (typeof value === 'string' && value.trim()) params.set(name, value);
    const url = `/catalog${params.size ? `?${params}` : ''}`;
    const mine = ++latest;
    const res = await fetch(url, { headers: { accept: 'text/html' } });
    // A slower answer to an earlier keystroke must not replace a newer one.
    if (mine !== latest || !res.ok) return;
    const fresh = new DOMParser().parseFromString(await res.text(), 'text/html').getElementById('results');
    if (!fresh) return;
    results.replaceChildren(...Array.from(fresh.childNodes, (n) => document.importNode(n, true)));
    history.replaceState(null, '', url);
  };
  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => void refresh(), 150);
  });
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    clearTimeout(timer);
    void refresh();
  });
}

function copyButtons(): void {
  for (const figure of document.querySelectorAll<HTMLElement>('figure.snippet')) {
    const text = figure.querySelector('code')?.textContent ?? '';
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'copy';
    button.textContent = `Copy ${figure.querySelector('figcaption')?.textContent ?? ''}`;
    button.addEventListener('click', () => {
      void navigator.clipboard?.writeText(text).then(() => (button.textContent = 'Copied'));
    });
    figure.append(button);
  }
}

interface TryRequest {
  query: Record<string, string>;
  body?: unknown;
  file?: File;
  violations: Violation[];
}

const violation = (pointer: string, message: string, fix: string): Violation => ({
  pointer,
  rule: 'form',
  message,
  fix,
});

function readForm(form: HTMLFormElement, spec: NormalizedSpec): TryRequest {
  const validators = compiledValidators(spec);
  const query: Record<string, string> = {};
  for (const el of form.querySelectorAll<HTMLInputElement>('input[name^="param:"]')) {
    if (el.value !== '') query[el.name.slice('param:'.length)] = el.value;
  }
  const violations = validators.validateQuery(query);
  const request: TryRequest = { query, violations };
  const type = spec.requirements.inputType;
  if (type === 'JSON') {
    const text = form.querySelector<HTMLTextAreaElement>('textarea[name="body"]')!.value;
    try {
      request.body = text.trim() === '' ? undefined : JSON.parse(text);
      violations.push(...validators.validateBody(request.body));
    } catch (e) {
      violations.push(
        violation('/body', `The body is not valid JSON: ${(e as Error).message}`, 'Correct the JSON text.'),
      );
    }
  } else if (type === 'FILE') {
    request.file = form.querySelector<HTMLInputElement>('input[type="file"]')!.files?.[0];
    violations.push(
      ...validators.validateFile(request.file && { filename: request.file.name, size: request.file.size }),
    );
  }
  return request;
}

function showViolations(box: HTMLElement, violations: Violation[]): void {
  const heading = document.createElement('p');
  heading.textContent = `Not sent: ${violations.length === 1 ? '1 problem' : `${violations.length} problems`} to fix first.`;
  const list = document.createElement('ul');
  for (const v of violations) {
    const item = document.createElement('li');
    // The shared validators' messages may already start with the pointer.
    const where = v.message.startsWith(v.pointer) ? '' : `${v.pointer || '/'}: `;
    item.textContent = `${where}${v.message}. ${v.fix}`;
    list.append(item);
  }
  box.replaceChildren(heading, list);
  box.hidden = false;
  box.tabIndex = -1;
  box.focus();
}

async function showResult(box: HTMLElement, res: Response): Promise<void> {
  const status = document.createElement('p');
  status.className = res.ok ? 'ok' : 'failed';
  status.textContent = `${res.status} ${res.statusText}`;
  const type = res.headers.get('content-type') ?? '';
  const shown: HTMLElement[] = [status];
  if (type.includes('json')) {
    const pre = document.createElement('pre');
    const text = await res.text();
    try {
      pre.textContent = JSON.stringify(JSON.parse(text), null, 2);
    } catch {
      pre.textContent = text;
    }
    shown.push(pre);
  } else if (res.status !== 204) {
    const blob = await res.blob();
    const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'result';
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = name;
    link.textContent = `Download ${name} (${blob.size} bytes)`;
    shown.push(link);
  }
  box.replaceChildren(...shown);
  box.hidden = false;
}

function tryIt(): void {
  const form = byId<HTMLFormElement>('try-it');
  const source = byId('function-spec');
  const violationsBox = byId('try-violations');
  const resultBox = byId('try-result');
  if (!form || !source || !violationsBox || !resultBox) return;
  const checked = validateSpec(JSON.parse(source.textContent ?? 'null'));
  if (!checked.spec) return;
  const spec = checked.spec;
  const tokenInput = form.querySelector<HTMLInputElement>('input[name="token"]')!;
  tokenInput.value = sessionStorage.getItem(TOKEN_KEY) ?? '';
  form.hidden = false;
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    resultBox.hidden = true;
    const request = readForm(form, spec);
    const token = tokenInput.value.trim();
    if (!token)
      request.violations.unshift(violation('/token', 'The access token is missing', 'Paste your svcwt token.'));
    if (request.violations.length) return showViolations(violationsBox, request.violations);
    violationsBox.hidden = true;
    sessionStorage.setItem(TOKEN_KEY, token);
    const headers: Record<string, string> = { svcwt: token };
    let body: BodyInit | undefined;
    if (request.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(request.body);
    } else if (request.file) {
      body = new FormData();
      body.append('file', request.file);
    }
    const params = new URLSearchParams(request.query);
    const path = `/functions/v1/${encodeURIComponent(spec.shortname)}${params.size ? `?${params}` : ''}`;
    try {
      await showResult(resultBox, await fetch(path, { method: spec.requirements.requestType, headers, body }));
    } catch (err) {
      showViolations(violationsBox, [
        violation('/', `The request could not be sent: ${(err as Error).message}`, 'Check your connection and retry.'),
      ]);
    }
  });
}

liveSearch();
copyButtons();
tryIt();
