// The fnq commands against the local stack, through main() as the shell runs it: deploy with its
// progress bar, query function|vectordb, upload + status --wait, collections list|show|delete.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { issueToken } from '../../lib/http/token';
import { runFnq } from '../support/fnq-cli';
import { functionDir, jsonObject } from '../unit/functions/support';

let env: Record<string, string>;
let dir: string;

const fnq = (...argv: string[]) => runFnq(argv, env, dir);

beforeAll(async () => {
  env = {
    FNQ_URL: inject('stackUrl'),
    FNQ_TOKEN: await issueToken({ secret: inject('stackSecret'), account: 'cli-user', level: 'pro', ttlSeconds: 3600 }),
  };
  dir = await mkdtemp(path.join(tmpdir(), 'fnq-cli-e2e-'));
});
afterAll(async () => {
  await fnq('functions', 'delete', 'cli-weather');
  await rm(dir, { recursive: true, force: true });
});

describe('fnq against the local stack', () => {
  it('deploys with a progress bar and answers fnq query function', async () => {
    const fn = await functionDir({
      shortname: 'cli-weather',
      requirements: {
        requestType: 'POST',
        inputType: 'JSON',
        inputSchema: jsonObject({ city: { type: 'string', description: 'Name of the city' } }, ['city']),
        outputType: 'JSON',
        outputSchema: jsonObject({ city: { type: 'string' }, temperature: { type: 'number' } }),
      },
      files: { 'index.js': 'exports.handler = async (req) => ({ city: req.body.city, temperature: 19 });' },
    });
    const deployed = await fnq('deploy', fn);
    expect(deployed.code, deployed.stderr).toBe(0);
    expect(deployed.stdout).toMatch(/deployed cli-weather v1/);
    const bars = deployed.stderr.trim().split('\n');
    expect(bars[0]).toMatch(/^\[-{30}\] validating spec\.json$/);
    expect(bars.at(-1)).toBe(`[${'#'.repeat(30)}] deployed`);

    const asked = await fnq('query', 'function', 'cli-weather', 'What is the weather in Lisbon?');
    expect(asked.code, asked.stderr).toBe(0);
    expect(asked.stdout).toMatch(/19/);
    const json = await fnq('query', 'function', 'cli-weather', 'What is the weather in Lisbon?', '--json');
    expect(JSON.parse(json.stdout)).toMatchObject({ query: 'What is the weather in Lisbon?', messages: null });
  });

  it('uploads, follows fnq status --wait, answers fnq query vectordb, and manages collections', async () => {
    await writeFile(path.join(dir, 'ferry.md'), '# Ferries\n\nThe ferry to the island leaves every hour from pier 3.');
    const up = await fnq('upload', 'ferry.md', '--collection', 'cli-docs');
    expect(up.code, up.stderr).toBe(0);
    const uploadId = up.stdout.trim();
    const waited = await fnq('status', uploadId, '--wait');
    expect(waited.code, waited.stderr).toBe(0);
    expect(waited.stderr.trim().split('\n').at(-1)).toMatch(
      new RegExp(`^\\[${'#'.repeat(30)}\\] (\\d+)/\\1 chunks completed$`),
    );
    // The final record, once it is settled, as plain `fnq status` prints it.
    expect(waited.stdout).toMatch(
      new RegExp(`^upload ${uploadId}: completed\\n  collection  cli-docs\\n  chunks      (\\d+)/\\1\\n`),
    );
    const shown = await fnq('status', uploadId);
    expect(shown.stdout).toMatch(new RegExp(`^upload ${uploadId}: completed\\n  collection  cli-docs`));

    const answer = await fnq('query', 'vectordb', 'cli-docs', 'How often does the ferry leave?');
    expect(answer.code, answer.stderr).toBe(0);
    expect(answer.stdout).toMatch(/every hour from pier 3/);

    expect((await fnq('collections', 'list')).stdout).toMatch(
      /^NAME\s+DOCUMENTS\s+CHUNKS\s+EMBEDDER\ncli-docs\s+1\s+\d+\s+\S+/m,
    );
    expect((await fnq('collections', 'show', 'cli-docs')).stdout).toContain(uploadId);
    expect((await fnq('collections', 'delete', 'cli-docs')).stdout).toBe('cli-docs: deleted\n');
    const gone = await fnq('collections', 'show', 'cli-docs');
    expect(gone.code).toBe(1);
    expect(gone.stderr).toMatch(/^fnq collections: HTTP 404: ISSUE: .*ADVICE: .*\(spanId [A-Za-z0-9_-]+\)/);
  });
});
