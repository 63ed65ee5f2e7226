import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliIO } from '../../../cli/command';
import { main } from '../../../cli/main';
import { jsonSpec, noneSpec } from './fixtures';

let dir: string;

function capture(): CliIO & { stdout: string; stderr: string } {
  const io = {
    stdout: '',
    stderr: '',
    out: (t: string) => {
      io.stdout += `${t}\n`;
    },
    err: (t: string) => {
      io.stderr += `${t}\n`;
    },
    env: {},
    cwd: '',
  };
  io.cwd = dir;
  return io;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'fnq-spec-'));
  await mkdir(path.join(dir, 'weather'));
  await writeFile(path.join(dir, 'weather', 'spec.json'), JSON.stringify(jsonSpec()));
  await writeFile(path.join(dir, 'old.json'), JSON.stringify({ ...noneSpec(), runtime: 'nodejs16' }));
  await writeFile(path.join(dir, 'bad.json'), JSON.stringify({ ...noneSpec(), shortname: 'bad name', tags: ['Geo'] }));
  await writeFile(path.join(dir, 'broken.json'), '{"name": ');
  await mkdir(path.join(dir, 'empty'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('fnq spec validate', () => {
  it('exits 0 for a valid spec, reading <dir>/spec.json for a directory', async () => {
    const io = capture();
    expect(await main(['spec', 'validate', 'weather'], io)).toBe(0);
    expect(io.stdout).toContain(
      `${path.join('weather', 'spec.json')}: valid (weather-now, nodejs20 on AWS Lambda nodejs22.x)`,
    );
  });

  it('warns about a retired runtime and still exits 0', async () => {
    const io = capture();
    expect(await main(['spec', 'validate', 'old.json'], io)).toBe(0);
    expect(io.stdout).toContain("warning: nodejs16 runs on Lambda's nodejs22.x: AWS no longer runs Node.js 16");
  });

  it('exits 1 and lists every violation for an invalid spec', async () => {
    const io = capture();
    expect(await main(['spec', 'validate', 'bad.json'], io)).toBe(1);
    expect(io.stdout).toContain('bad.json: invalid, 2 violations');
    expect(io.stdout).toContain('/shortname  [shortname.charset]');
    expect(io.stdout).toContain('/tags/0  [tags.charset]');
  });

  it('exits 1 for a JSON syntax error', async () => {
    const io = capture();
    expect(await main(['spec', 'validate', 'broken.json'], io)).toBe(1);
    expect(io.stdout).toContain('[json.parse]');
  });

  it('prints one JSON report for several files with --json', async () => {
    const io = capture();
    expect(await main(['spec', 'validate', '--json', 'weather', 'bad.json', 'old.json'], io)).toBe(1);
    const report = JSON.parse(io.stdout) as {
      ok: boolean;
      files: { file: string; ok: boolean; violations: Record<string, string>[]; warnings: string[] }[];
    };
    expect(report.ok).toBe(false);
    expect(report.files.map((f) => [f.file, f.ok])).toEqual([
      [path.join('weather', 'spec.json'), true],
      ['bad.json', false],
      ['old.json', true],
    ]);
    expect(report.files[1]?.violations[0]).toEqual({
      pointer: '/shortname',
      rule: 'shortname.charset',
      message: expect.any(String),
      fix: expect.any(String),
    });
    expect(report.files[2]?.warnings).toHaveLength(1);
    // nodejs20 left Lambda on 2026-04-30 (lib/spec/runtimes.ts).
    expect(report.files[0]?.warnings).toEqual([expect.stringContaining("nodejs20 runs on Lambda's nodejs22.x")]);
  });

  it.each([
    ['no file', ['spec', 'validate']],
    ['an unknown option', ['spec', 'validate', '--jsno', 'weather']],
    ['a missing file', ['spec', 'validate', 'nope.json']],
    ['a directory without spec.json', ['spec', 'validate', 'empty']],
    ['no sub-command', ['spec']],
    ['an unknown sub-command', ['spec', 'lint', 'weather']],
  ])('exits 2 for %s', async (_, argv) => {
    const io = capture();
    expect(await main(argv, io)).toBe(2);
    expect(io.stderr).toContain('usage: fnq spec');
    expect(io.stdout).toBe('');
  });
});

describe('fnq spec openapi | tool | docs', () => {
  it('prints the OpenAPI document', async () => {
    const io = capture();
    expect(await main(['spec', 'openapi', 'weather'], io)).toBe(0);
    const doc = JSON.parse(io.stdout) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toContain('/functions/v1/weather-now');
  });

  it('prints the tool definition', async () => {
    const io = capture();
    expect(await main(['spec', 'tool', path.join(dir, 'weather', 'spec.json')], io)).toBe(0);
    expect(JSON.parse(io.stdout)).toMatchObject({ type: 'function', function: { name: 'weather-now' } });
  });

  it('prints Markdown docs', async () => {
    const io = capture();
    expect(await main(['spec', 'docs', 'weather'], io)).toBe(0);
    expect(io.stdout.startsWith('# Weather now\n')).toBe(true);
  });

  it('exits 1 with the violations instead of an export for an invalid spec', async () => {
    const io = capture();
    expect(await main(['spec', 'openapi', 'bad.json'], io)).toBe(1);
    expect(io.stdout).toBe('');
    expect(io.stderr).toContain('[shortname.charset]');
  });

  it.each([
    ['no file', ['spec', 'tool']],
    ['two files', ['spec', 'docs', 'weather', 'old.json']],
    ['--json, which only validate takes', ['spec', 'openapi', '--json', 'weather']],
  ])('exits 2 for %s', async (_, argv) => {
    expect(await main(argv, capture())).toBe(2);
  });
});
