// schemathesis (PyPI, pinned in deploy/tools/api-fuzz-requirements.txt) against the local stack's
// /openapi.json, with a token: every operation gets generated requests, valid and invalid, and every
// answer must be documented (status, media type, schema, headers), never a 500, and refused
// without a token. Bounded: a few examples per operation, about a minute on two cores.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { issueToken } from '../../lib/http/token';
import { PROJECT_ROOT } from '../../local/serverless-config';
import { motoUnavailableReason } from '../support/moto-tools';

const SUPPORT = join(PROJECT_ROOT, 'tests/support/schemathesis');
/** Test cases per operation and phase: enough to reach every status, few enough for CI. */
const MAX_EXAMPLES = '5';
const unavailable = motoUnavailableReason()?.replace('the CloudFormation emulator (moto)', 'schemathesis');

function schemathesisBin(): string {
  const installer = join(PROJECT_ROOT, 'deploy/tools/install.sh');
  const r = spawnSync(installer, [join(PROJECT_ROOT, 'deploy/tools/api-fuzz-requirements.txt')], {
    encoding: 'utf8',
    timeout: 900_000,
  });
  if (r.status !== 0) throw new Error(`deploy/tools/install.sh failed (exit ${r.status}):\n${r.stderr}`);
  return join(r.stdout.trim().split('\n').pop()!, 'schemathesis');
}

describe.skipIf(unavailable)(
  `schemathesis against /openapi.json${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    it('finds no undocumented answer, no server error and no route open without a token', async () => {
      const bin = schemathesisBin();
      const token = await issueToken({
        secret: inject('stackSecret'),
        account: 'fuzz-user',
        level: 'pro',
        ttlSeconds: 3600,
      });
      // Its own working folder: schemathesis keeps state beside where it runs.
      const cwd = join(PROJECT_ROOT, '.tmp', 'schemathesis');
      mkdirSync(cwd, { recursive: true });
      const run = spawnSync(
        bin,
        [
          '--config-file',
          join(SUPPORT, 'schemathesis.toml'),
          'run',
          `${inject('stackUrl')}/openapi.json`,
          '--header',
          `svcwt: ${token}`,
          '--max-examples',
          MAX_EXAMPLES,
          '--workers',
          '2',
          '--seed',
          '1',
          '--generation-database',
          'none',
          '--no-color',
        ],
        {
          cwd,
          encoding: 'utf8',
          env: { ...process.env, PYTHONPATH: SUPPORT, SCHEMATHESIS_HOOKS: 'fnq_hooks' },
          timeout: 360_000,
        },
      );
      const summary = /^ {2}(\d+) generated, (.+)$/m.exec(run.stdout);
      // The figures the note asks for: cases run, and what they found.
      console.log(`schemathesis: ${summary?.[1] ?? '?'} cases generated, ${summary?.[2] ?? 'no summary'}`);
      expect(run.error).toBeUndefined();
      expect(run.status, run.stdout.slice(-6000) + run.stderr).toBe(0);
      expect(Number(summary?.[1])).toBeGreaterThan(300);
      expect(run.stdout).not.toMatch(/^Failures:/m);
    }, 420_000);
  },
);
