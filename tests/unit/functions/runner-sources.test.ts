// The runner sources of the hosted functions are real files of their language
// (lib/functions/runners/<language>/), each checked here by that language's own checker. A checker
// missing from the machine skips its language, and the test's name says so; .ci/debian-packages.txt
// installs them all. The modules read the files' text from a generated module
// (tools/generate/runner-sources.ts), so the text checked is the text shipped: the last tests hold the
// modules to the files.
import { describe, expect, it } from 'vitest';
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findProgram } from '../../../lib/functions/process-runtime/programs';
import { goRunner } from '../../../lib/functions/runners/go';
import { javaRunner } from '../../../lib/functions/runners/java';
import { LAMBDA_BOOTSTRAPS } from '../../../lib/functions/runners/lambda';
import { nodeRunner } from '../../../lib/functions/runners/node';
import { phpRunner } from '../../../lib/functions/runners/php';
import { pythonRunner } from '../../../lib/functions/runners/python';
import { rubyRunner } from '../../../lib/functions/runners/ruby';
import { PROJECT_ROOT } from '../../../local/serverless-config';

const RUNNERS = join(PROJECT_ROOT, 'lib/functions/runners');
const file = (path: string) => join(RUNNERS, path);

function run(
  program: string,
  args: string[],
  cwd = RUNNERS,
  env: NodeJS.ProcessEnv = process.env,
): { status: number | null; output: string } {
  const r = spawnSync(program, args, { cwd, encoding: 'utf8', env, timeout: 120_000 });
  return { status: r.status, output: `${r.stdout ?? ''}${r.stderr ?? ''}${r.error ? String(r.error) : ''}` };
}

function withTempDir<T>(use: (dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'fnq-runner-lint-'));
  try {
    return use(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The test's name: the check, or why it is skipped. */
const named = (check: string, program: string, found: string | undefined) =>
  found ? check : `${check} (skipped: no ${program} on this machine)`;

const node = findProgram('node') ?? process.execPath;
const python = findProgram('python3');
const php = findProgram('php');
const ruby = findProgram('ruby');
const go = findProgram('go');
const gofmt = findProgram('gofmt');
const javac = findProgram('javac');

describe('runner sources pass their language checker', () => {
  it.each(['node/runner.mjs', 'node/lambda-bootstrap.mjs'])('node --check %s', (path) => {
    expect(run(node, ['--check', file(path)])).toMatchObject({ status: 0 });
  });

  it.skipIf(!python).each(['python/runner.py', 'python/lambda_bootstrap.py'])(
    named('python3 -m py_compile %s', 'python3', python),
    (path) => {
      withTempDir((dir) => {
        // The compiled file goes to a temporary folder, never beside the source.
        const r = run(python!, [
          '-c',
          'import py_compile, sys; py_compile.compile(sys.argv[1], cfile=sys.argv[2], doraise=True)',
          file(path),
          join(dir, 'out.pyc'),
        ]);
        expect(r, r.output).toMatchObject({ status: 0 });
      });
    },
  );

  it.skipIf(!php)(named('php -l php/runner.php', 'php', php), () => {
    const r = run(php!, ['-n', '-l', file('php/runner.php')]);
    expect(r, r.output).toMatchObject({ status: 0 });
  });

  it.skipIf(!ruby).each(['ruby/runner.rb', 'ruby/lambda_bootstrap.rb'])(named('ruby -wc %s', 'ruby', ruby), (path) => {
    const r = run(ruby!, ['-wc', file(path)]);
    expect(r, r.output).toMatchObject({ status: 0 });
    expect(r.output).not.toMatch(/warning/);
  });

  it.skipIf(!gofmt)(named('gofmt -l go/runner.go lists nothing', 'gofmt', gofmt), () => {
    const r = run(gofmt!, ['-l', file('go/runner.go')]);
    expect(r, r.output).toEqual({ status: 0, output: '' });
  });

  it.skipIf(!go)(
    named('go vet: go/runner.go written for an entrypoint, with a function of that name', 'go', go),
    () => {
      withTempDir((dir) => {
        const runner = goRunner('Handle');
        writeFileSync(join(dir, 'go.mod'), 'module fnqlint\n\ngo 1.18\n');
        writeFileSync(join(dir, runner.fileName), runner.source);
        writeFileSync(
          join(dir, 'main.go'),
          'package main\n\nfunc Handle(request map[string]any) (any, error) { return request, nil }\n',
        );
        const env = {
          ...process.env,
          GOCACHE: join(dir, 'cache'),
          GOPATH: join(dir, 'gopath'),
          GOFLAGS: '-mod=mod',
          GOTOOLCHAIN: 'local',
        };
        const r = run(go!, ['vet', '.'], dir, env);
        expect(r, r.output).toMatchObject({ status: 0 });
      });
    },
    120_000,
  );

  it.skipIf(!javac)(
    named('javac java/FnqRunner.java java/FnqLambdaHandler.java', 'javac', javac),
    () => {
      withTempDir((dir) => {
        const r = run(javac!, [
          '-Xlint:all',
          '-Werror',
          '-encoding',
          'UTF-8',
          '-proc:none',
          '-d',
          dir,
          file('java/FnqRunner.java'),
          file('java/FnqLambdaHandler.java'),
        ]);
        expect(r, r.output).toMatchObject({ status: 0 });
      });
    },
    120_000,
  );
});

describe('runner modules', () => {
  it('carry the files’ text and Go’s entrypoint written in', () => {
    expect(nodeRunner.source).toBe(readFileSync(file('node/runner.mjs'), 'utf8'));
    expect(pythonRunner.source).toBe(readFileSync(file('python/runner.py'), 'utf8'));
    expect(rubyRunner.source).toBe(readFileSync(file('ruby/runner.rb'), 'utf8'));
    expect(phpRunner.source).toBe(readFileSync(file('php/runner.php'), 'utf8'));
    expect(javaRunner.source).toBe(readFileSync(file('java/FnqRunner.java'), 'utf8'));
    expect(LAMBDA_BOOTSTRAPS.python?.source).toBe(readFileSync(file('python/lambda_bootstrap.py'), 'utf8'));
    const go = goRunner('Handle').source;
    expect(go).toBe(readFileSync(file('go/runner.go'), 'utf8').replace('fnqEntrypoint(request)', 'Handle(request)'));
    expect(go).not.toContain('fnqEntrypoint(');
    expect(() => goRunner('os.Exit')).toThrow(/not a Go identifier/);
  });
});

describe('runner sources in a Lambda bundle', () => {
  it('are the files’ text, bundled by esbuild with no plugin or loader', async () => {
    const out = await build({
      stdin: {
        contents:
          "export { nodeRunner } from './node'; export { pythonRunner } from './python'; export { javaRunner } from './java'; export { goRunner } from './go'; export { rubyRunner } from './ruby'; export { phpRunner } from './php'; export { LAMBDA_BOOTSTRAPS } from './lambda';",
        resolveDir: RUNNERS,
        loader: 'ts',
      },
      bundle: true,
      write: false,
      platform: 'node',
      format: 'cjs',
      logLevel: 'silent',
    });
    const module = { exports: {} as Record<string, unknown> };
    new Function('module', 'exports', out.outputFiles[0]!.text)(module, module.exports);
    const bundled = module.exports as {
      nodeRunner: typeof nodeRunner;
      pythonRunner: typeof pythonRunner;
      javaRunner: typeof javaRunner;
      goRunner: typeof goRunner;
      rubyRunner: typeof rubyRunner;
      phpRunner: typeof phpRunner;
      LAMBDA_BOOTSTRAPS: typeof LAMBDA_BOOTSTRAPS;
    };
    expect(bundled.nodeRunner.source).toBe(readFileSync(file('node/runner.mjs'), 'utf8'));
    expect(bundled.pythonRunner.source).toBe(readFileSync(file('python/runner.py'), 'utf8'));
    expect(bundled.javaRunner.source).toBe(readFileSync(file('java/FnqRunner.java'), 'utf8'));
    expect(bundled.rubyRunner.source).toBe(readFileSync(file('ruby/runner.rb'), 'utf8'));
    expect(bundled.phpRunner.source).toBe(readFileSync(file('php/runner.php'), 'utf8'));
    expect(bundled.goRunner('Handle').source).toBe(goRunner('Handle').source);
    expect(bundled.LAMBDA_BOOTSTRAPS).toEqual(LAMBDA_BOOTSTRAPS);
  });
});
