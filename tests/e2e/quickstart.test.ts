// The README's quick start as a new user runs it, against the local stack: every file its commands
// name ships in the repository, the fnq upload and query lines answer from the shipped handbook,
// and the Python SDK example answers (not "Nothing relevant was found").
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { issueToken } from '../../lib/http/token';
import { runFnq } from '../support/fnq-cli';
import { PROJECT_ROOT } from '../../local/serverless-config';
import { ensureDebianPrograms } from '../support/debian-packages';

const readme = readFileSync(join(PROJECT_ROOT, 'README.md'), 'utf8');
const quickStart = readme.slice(readme.indexOf('## Quick start'), readme.indexOf('## The interface'));
/** The `npx fnq …` lines of the quick start, comments dropped, as argument lists. */
const fnqLines = [...quickStart.matchAll(/^npx fnq (.+?)(?:\s+#.*)?$/gm)].map((m) =>
  [...m[1]!.matchAll(/"([^"]*)"|(\S+)/g)].map((a) => a[1] ?? a[2]!),
);
const line = (command: string) => fnqLines.find((args) => args.join(' ').startsWith(command))!;

let env: Record<string, string>;

const fnq = (argv: string[]) => runFnq(argv, env, PROJECT_ROOT);

beforeAll(async () => {
  const secret = inject('stackSecret');
  env = {
    FNQ_URL: inject('stackUrl'),
    FNQ_TOKEN: await issueToken({ secret, account: 'quickstart-user', level: 'pro', ttlSeconds: 3600 }),
  };
});

describe('the README quick start', () => {
  it('names only files the repository ships', () => {
    const paths = fnqLines.flat().filter((a) => a.startsWith('examples/'));
    expect(paths).toContain('examples/documents/handbook.md');
    for (const path of paths) expect(existsSync(join(PROJECT_ROOT, path)), path).toBe(true);
  });

  it('uploads the handbook and answers the vacation question from it', async () => {
    const upload = await fnq(line('upload'));
    expect(upload.code, upload.stderr).toBe(0);
    expect(upload.stderr).toMatch(/chunks completed\n$/);
    const asked = await fnq(line('query vectordb'));
    expect(asked.code, asked.stderr).toBe(0);
    expect(asked.stdout).toMatch(/27 days of paid vacation/);
  });
});

const unavailable = await ensureDebianPrograms([{ programs: ['jsonschema'], pkg: 'python3-jsonschema' }]);

describe.skipIf(unavailable)(`the README's Python example${unavailable ? ` (skipped: ${unavailable})` : ''}`, () => {
  it('runs as written and answers from the uploaded text', async () => {
    const blocks = [...readme.matchAll(/```python sdk-example\n([\s\S]*?)```/g)].map((m) => m[1]!);
    expect(blocks).toHaveLength(1);
    const token = await issueToken({
      secret: inject('stackSecret'),
      account: 'quickstart-python',
      level: 'pro',
      ttlSeconds: 600,
    });
    const run = spawnSync('/usr/bin/python3', ['-c', blocks[0]!], {
      cwd: PROJECT_ROOT,
      encoding: 'utf8',
      env: { ...process.env, PYTHONPATH: join(PROJECT_ROOT, 'sdk/python'), FNQ_URL: env.FNQ_URL, FNQ_TOKEN: token },
      timeout: 120_000,
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^completed$/m);
    expect(run.stdout).not.toMatch(/Nothing relevant was found/);
    expect(run.stdout).toMatch(/25 days\./);
  }, 150_000);
});
