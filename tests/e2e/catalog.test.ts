// The catalog end to end through the local stack (serverless offline + emulators): the routes next
// to hosted-function invocation, then the web pages in a real browser (Debian's chromium driven by
// playwright-core): search by tag and by a description word, a documentation page, and its try-it
// form — an invalid body shows every violation and sends nothing, a valid one shows the result.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { issueToken } from '../../lib/http/token';
import { PROJECT_ROOT } from '../../local/serverless-config';
import { FnqClient } from '../../sdk/index';
import { ensureDebianPrograms, findExecutable } from '../support/debian-packages';
import { bundleOf, functionDir, jsonObject, type FunctionFixture } from '../unit/functions/support';
import { until } from '../support/until';

const url = inject('stackUrl');
const secret = inject('stackSecret');
const token = (account: string) => issueToken({ secret, account, level: 'free', ttlSeconds: 600 });
const SHOTS = join(PROJECT_ROOT, '.tmp', 'e2e-screenshots');

const CONVERT: FunctionFixture = {
  shortname: 'cat-convert',
  spec: {
    name: 'Temperature converter',
    description: 'Converts a temperature from Celsius to Fahrenheit or Kelvin.',
    tags: ['units', 'temperature'],
  },
  requirements: {
    requestType: 'POST',
    queryParams: [{ name: 'unit', required: true, description: 'f or k', exampleData: 'unit=f' }],
    inputType: 'JSON',
    inputSchema: jsonObject({ celsius: { type: 'number', minimum: -273.15, description: 'Degrees Celsius' } }, [
      'celsius',
    ]),
    inputJsonExample: '{"celsius": 21.5}',
    outputType: 'JSON',
    outputSchema: jsonObject({ value: { type: 'number' }, unit: { type: 'string' } }, ['value', 'unit']),
    outputJsonExample: '{"value": 70.7, "unit": "F"}',
  },
  files: {
    'index.mjs': `export function handler({ query, body }) {
      return query.unit === 'k' ? { value: body.celsius + 273.15, unit: 'K' } : { value: body.celsius * 9 / 5 + 32, unit: 'F' };
    }`,
  },
};

const GREET: FunctionFixture = {
  shortname: 'cat-greet',
  spec: { name: 'Greeter', description: 'Writes a friendly salutation for a visitor.', tags: ['text'] },
  requirements: {
    requestType: 'GET',
    queryParams: [{ name: 'name', required: true }],
    outputType: 'JSON',
    outputSchema: jsonObject({ text: { type: 'string' } }),
  },
  files: { 'index.mjs': 'export const handler = ({ query }) => ({ text: `Hello, ${query.name}!` });' },
};

beforeAll(async () => {
  const fnq = new FnqClient({ url, token: await token('cat-owner') });
  for (const f of [CONVERT, GREET])
    await fnq.functions.deployAndWait(await bundleOf(await functionDir(f)), { pollMs: 200 });
}, 120_000);

describe('catalog routes beside hosted-function invocation', () => {
  it('GET /functions/v1 searches, while /functions/v1/{shortname} still invokes and …/openapi.json describes', async () => {
    const headers = { svcwt: await token('cat-reader') };
    // A warm search Lambda (an earlier test's) shows a new deploy within its refresh interval
    // (CATALOG_TTL_MS, 10 s), so the search is polled until the deploy shows, within a deadline.
    const found = await until(
      'the new function in search',
      async () => {
        const search = await fetch(`${url}/functions/v1?q=salutation`, { headers });
        expect(search.status).toBe(200);
        const page = (await search.json()) as { functions: { shortname: string; method: string }[] };
        return page.functions.length > 0 ? page : undefined;
      },
      30_000,
    );
    expect(found.functions.map((f) => [f.shortname, f.method])).toEqual([['cat-greet', 'GET']]);

    const byTag = (await (await fetch(`${url}/functions/v1?tag=temperature`, { headers })).json()) as {
      functions: { shortname: string }[];
    };
    expect(byTag.functions.map((f) => f.shortname)).toEqual(['cat-convert']);

    const invoked = await fetch(`${url}/functions/v1/cat-greet?name=Ada`, { headers });
    expect(await invoked.json()).toEqual({ text: 'Hello, Ada!' });

    const openapi = await fetch(`${url}/functions/v1/cat-convert/openapi.json`, { headers });
    expect(openapi.status).toBe(200);
    expect(Object.keys(((await openapi.json()) as { paths: object }).paths)).toContain('/functions/v1/cat-convert');

    expect((await fetch(`${url}/functions/v1`)).status).toBe(401);
    const service = await fetch(`${url}/openapi.json`);
    expect(service.status).toBe(200);
    expect(Object.keys(((await service.json()) as { paths: object }).paths)).toEqual(
      expect.arrayContaining(['/functions/v1', '/catalog/{shortname}']),
    );
  });
});

describe('catalog pages in a real browser', () => {
  const opened: { context: BrowserContext; profile: string }[] = [];
  let missing: string | undefined;

  beforeAll(async () => {
    missing = await ensureDebianPrograms([{ programs: ['chromium'], pkg: 'chromium' }]);
    mkdirSync(SHOTS, { recursive: true });
  }, 300_000);
  afterAll(async () => {
    for (const { context, profile } of opened) {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  /** A browser with a fresh profile (playwright passes it as --user-data-dir). */
  async function browser(options: { javaScriptEnabled?: boolean } = {}): Promise<BrowserContext> {
    const profile = mkdtempSync(join(tmpdir(), 'fnq-chromium-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: findExecutable(['chromium'])!,
      headless: true,
      viewport: { width: 1100, height: 900 },
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
      ...options,
    });
    opened.push({ context, profile });
    return context;
  }

  const shoot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  const resultNames = (page: Page) => page.locator('#results .result h2 a').allTextContents();

  it('searches by a description word as you type and by a tag chip', async (ctx) => {
    if (missing) return ctx.skip(missing);
    const page = await (await browser()).newPage();
    await page.goto(`${url}/catalog`);
    await page.getByLabel('Search by name, description or tag').pressSequentially('salutat');
    await expect.poll(() => resultNames(page)).toEqual(['Greeter']);
    await page.getByLabel('Search by name, description or tag').fill('');
    await page.getByLabel('Search by name, description or tag').press('Enter');
    await expect.poll(() => page.locator('#results').textContent()).toContain('Temperature converter');
    await page.locator('#results .chips a', { hasText: 'temperature' }).click();
    await page.waitForURL(/tag=temperature/);
    expect(await resultNames(page)).toEqual(['Temperature converter']);
    await shoot(page, 'catalog-search');
    await page.close();
  });

  it('documents a function and validates the try-it form in the browser before sending', async (ctx) => {
    if (missing) return ctx.skip(missing);
    const page = await (await browser()).newPage();
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/functions/v1/')) calls.push(`${r.method()} ${r.url()}`);
    });
    await page.goto(`${url}/catalog?tag=units`);
    await page.getByRole('link', { name: 'Temperature converter' }).click();
    await page.waitForURL(/\/catalog\/cat-convert$/);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Temperature converter');
    expect(await page.locator('table').first().textContent()).toContain('unit');
    expect(await page.locator('#h-call ~ figure, section[aria-labelledby="h-call"] figure').count()).toBe(3);

    await page.getByLabel('Access token (svcwt)').fill(await token('cat-visitor'));
    await page.getByLabel('Request body (JSON)').fill('{"celsius": -500, "extra": true}');
    await page.getByRole('button', { name: /Send POST request/ }).click();
    const violations = page.locator('#try-violations');
    await expect.poll(() => violations.isVisible()).toBe(true);
    const text = (await violations.textContent()) ?? '';
    expect(text).toContain('unit');
    expect(text).toContain('/body/celsius');
    await shoot(page, 'function-page-violations');
    expect(calls).toEqual([]);

    await page.getByLabel('unit (required)').fill('k');
    await page.getByLabel('Request body (JSON)').fill('{"celsius": 100}');
    await page.getByRole('button', { name: /Send POST request/ }).click();
    await expect.poll(() => page.locator('#try-result').textContent()).toContain('373.15');
    expect(await violations.isVisible()).toBe(false);
    expect(calls).toEqual([`POST ${url}/functions/v1/cat-convert?unit=k`]);
    // The token stays in this tab's sessionStorage, nowhere else.
    // (A string: this file is type-checked without the DOM library.)
    expect(
      await page.evaluate('[sessionStorage.getItem("fnq-token") !== null, localStorage.length, document.cookie]'),
    ).toEqual([true, 0, '']);
    await shoot(page, 'function-page-result');
    await page.close();
  });

  it('reads without JavaScript', async (ctx) => {
    if (missing) return ctx.skip(missing);
    const page = await (await browser({ javaScriptEnabled: false })).newPage();
    await page.goto(`${url}/catalog?q=converts`);
    expect(await resultNames(page)).toEqual(['Temperature converter']);
    await page.goto(`${url}/catalog/cat-convert`);
    expect(await page.locator('table caption').allTextContents()).toEqual([
      'Query parameters',
      'Request body fields',
      'Response body fields',
    ]);
    expect(await page.locator('#try-it').isVisible()).toBe(false);
  });
});
