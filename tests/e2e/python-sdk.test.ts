// The Python SDK's own unittest suite (sdk/python/tests), run with Debian's python3 and
// python3-jsonschema against the local stack. It fails when any Python test fails or is skipped.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { issueToken } from '../../lib/http/token';
import { PROJECT_ROOT } from '../../local/serverless-config';
import { ensureDebianPrograms } from '../support/debian-packages';

const PYTHON = '/usr/bin/python3';
const unavailable = await ensureDebianPrograms([{ programs: ['jsonschema'], pkg: 'python3-jsonschema' }]);

describe.skipIf(unavailable)(`the Python SDK${unavailable ? ` (skipped: ${unavailable})` : ''}`, () => {
  it('passes its unittest suite against the local stack', async () => {
    const token = await issueToken({
      secret: inject('stackSecret'),
      account: 'python-user',
      level: 'pro',
      ttlSeconds: 3600,
    });
    const run = spawnSync(PYTHON, ['-m', 'unittest', 'discover', '-s', join(PROJECT_ROOT, 'sdk/python/tests'), '-v'], {
      cwd: PROJECT_ROOT,
      encoding: 'utf8',
      env: {
        ...process.env,
        PYTHONPATH: join(PROJECT_ROOT, 'sdk/python'),
        FNQ_URL: inject('stackUrl'),
        FNQ_TOKEN: token,
      },
      timeout: 600_000,
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/^Ran 11 tests in/m);
    expect(run.stderr).toMatch(/^OK$/m);
  }, 660_000);
});
