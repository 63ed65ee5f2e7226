// fnq as a user installs it: cli/ packed by npm, installed globally (under a throw-away prefix),
// and run from a folder outside the checkout with nothing but Node: no tsx, no node_modules.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../../local/serverless-config';

let work: string;
let fnq: string;
const elsewhere = () => mkdtempSync(join(tmpdir(), 'fnq-elsewhere-'));

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'fnq-install-'));
  execFileSync('npm', ['run', '--silent', 'build:cli'], { cwd: PROJECT_ROOT, stdio: 'pipe' });
  execFileSync('npm', ['pack', './cli', '--pack-destination', work, '--silent'], { cwd: PROJECT_ROOT, stdio: 'pipe' });
  const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'))!;
  const prefix = join(work, 'global');
  // --offline: the package has no dependencies, so nothing may need the registry.
  execFileSync(
    'npm',
    ['install', '-g', '--offline', '--no-audit', '--no-fund', '--prefix', prefix, join(work, tarball)],
    {
      cwd: work,
      stdio: 'pipe',
    },
  );
  fnq = join(prefix, 'bin', 'fnq');
}, 120_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('npx fnq inside the checkout', () => {
  it('runs the built file as it lies, which must be executable (npm makes only installed bins so)', () => {
    const run = spawnSync(join(PROJECT_ROOT, 'cli', 'dist', 'fnq.mjs'), ['--help'], { encoding: 'utf8' });
    expect(run.error).toBeUndefined();
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^usage: fnq/m);
  });
});

describe('the installed fnq', () => {
  it('prints its help from another folder, with only Node on the PATH', () => {
    const run = spawnSync(fnq, ['--help'], {
      cwd: elsewhere(),
      encoding: 'utf8',
      env: { PATH: `${join(fnq, '..')}:${join(process.execPath, '..')}`, HOME: work },
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^usage: fnq <command> \[options\]/);
    expect(run.stdout).toMatch(/^ {2}upload {7}upload a document/m);
  });

  it('runs a real command (spec validate) outside the checkout', () => {
    const run = spawnSync(fnq, ['spec', 'validate', join(PROJECT_ROOT, 'examples/functions/python')], {
      cwd: elsewhere(),
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/spec\.json: valid \(hello-python/);
  });

  it('ships one JavaScript file and needs no package at run time', () => {
    const installed = join(fnq, '..', '..', 'lib', 'node_modules', 'fnquery-cli');
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
    expect(manifest.dependencies).toBeUndefined();
    expect(readdirSync(installed).sort()).toEqual(['dist', 'package.json']);
    expect(readFileSync(join(installed, 'dist', 'fnq.mjs'), 'utf8')).not.toMatch(/from ?["']tsx/);
  });
});
