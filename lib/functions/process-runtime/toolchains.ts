// How each language runs on the local runtime: the runner written beside the code, the build step
// of compiled languages, and the command of a warm worker with its heap flag and a clean
// environment (PATH, HOME in a private folder, LANG: no variable of the service reaches user code).
// Commands are written with the paths the code sees (sandbox.ts: /function, /runner, /tmp when
// confined); the confinement wraps them, builds included.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, readdir, writeFile } from 'node:fs/promises';
import { delimiter, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { badRequest } from '../../errors';
import type { RuntimeFamily } from '../../spec/index';
import type { FunctionRecord } from '../ports';
import { goRunner } from '../runners/go';
import { javaRunner } from '../runners/java';
import { nodeRunner } from '../runners/node';
import { phpRunner } from '../runners/php';
import type { RunnerSource } from '../runners/protocol';
import { pythonRunner } from '../runners/python';
import { rubyRunner } from '../runners/ruby';
import { findProgram } from './programs';

const run = promisify(execFile);

export interface Prepared {
  fn: FunctionRecord;
  /** The unpacked bundle; the worker's cwd. */
  codeDir: string;
  /** The runner and build output, outside the code. */
  runnerDir: string;
  /** The worker's HOME and TMPDIR. */
  homeDir: string;
  /** The compilers' cache, shared by the builds of every function (compiler output only). */
  cacheDir: string;
  entryFile: string;
}

export interface Launch {
  command: string;
  args: string[];
  env: Record<string, string>;
  /** The programs the command runs, whose installations the sandbox shows. */
  programs: string[];
  /** The descriptor the runner replies on: 3, or 1 for runtimes that cannot open fd 3 (the JVM). */
  replyFd?: 1 | 3;
}

/** Runs a build command confined, with the runner and cache folders writable; rejects with its output. */
export type BuildExec = (launch: Launch) => Promise<void>;

interface Toolchain {
  /** Programs the family needs, looked up on the service's PATH. */
  programs: string[];
  runner(fn: FunctionRecord): RunnerSource;
  /** `host` has the service's paths (to write files), `seen` the paths the compiler sees. */
  build?(host: Prepared, seen: Prepared, tools: Tools, exec: BuildExec): Promise<void>;
  launch(p: Prepared, tools: Tools, memoryMb: number): Launch;
}

type Tools = Record<string, string>;

function cleanEnv(p: Prepared, tools: Tools, extra: Record<string, string> = {}): Record<string, string> {
  const bins = [...new Set(Object.values(tools).map((t) => dirname(t)))];
  return {
    PATH: [...bins, '/usr/bin', '/bin'].join(delimiter),
    HOME: p.homeDir,
    TMPDIR: p.homeDir,
    LANG: 'C.UTF-8',
    ...extra,
  };
}

const runnerPath = (p: Prepared, source: RunnerSource) => join(p.runnerDir, source.fileName);

/** Compiler output with our folders taken out, as the 400 of a deploy that does not build. */
async function compile(p: Prepared, exec: BuildExec, launch: Launch): Promise<void> {
  try {
    await exec(launch);
  } catch (e) {
    const { stdout = '', stderr = '' } = e as { stdout?: string; stderr?: string };
    const output = `${stderr}\n${stdout}`
      .split(p.codeDir + '/')
      .join('')
      .split(p.runnerDir)
      .join('<runner>')
      .trim();
    throw badRequest(
      `The ${p.fn.runtime} code of ${p.fn.shortname} does not build: ${output.split('\n').slice(0, 15).join(' ') || 'the compiler failed'}`,
      'Fix the compile errors (build it locally first) and deploy again',
      'build_failed',
    );
  }
}

async function filesEndingIn(dir: string, suffix: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith(suffix)).map((e) => join(e.parentPath, e.name));
}

const TOOLCHAINS: Partial<Record<RuntimeFamily, Toolchain>> = {
  node: {
    programs: [],
    runner: () => nodeRunner,
    launch: (p, tools, memoryMb) => ({
      command: process.execPath,
      args: [
        `--max-old-space-size=${memoryMb}`,
        runnerPath(p, nodeRunner),
        join(p.codeDir, p.entryFile),
        p.fn.spec.entrypoint,
      ],
      env: cleanEnv(p, tools),
      programs: [process.execPath],
    }),
  },
  python: {
    programs: ['python3'],
    runner: () => pythonRunner,
    // -I: isolated from PYTHON* variables and the user site; -u: output is written as it comes.
    launch: (p, tools) => ({
      command: tools.python3!,
      args: ['-I', '-u', runnerPath(p, pythonRunner), join(p.codeDir, p.entryFile), p.fn.spec.entrypoint],
      env: cleanEnv(p, tools),
      programs: [tools.python3!],
    }),
  },
  ruby: {
    programs: ['ruby'],
    runner: () => rubyRunner,
    launch: (p, tools) => ({
      command: tools.ruby!,
      args: [runnerPath(p, rubyRunner), join(p.codeDir, p.entryFile), p.fn.spec.entrypoint],
      env: cleanEnv(p, tools),
      programs: [tools.ruby!],
    }),
  },
  php: {
    programs: ['php'],
    runner: () => phpRunner,
    launch: (p, tools, memoryMb) => ({
      command: tools.php!,
      args: [
        '-n',
        '-d',
        `memory_limit=${memoryMb}M`,
        '-d',
        'display_errors=stderr',
        runnerPath(p, phpRunner),
        join(p.codeDir, p.entryFile),
        p.fn.spec.entrypoint,
      ],
      env: cleanEnv(p, tools),
      programs: [tools.php!],
    }),
  },
  java: {
    programs: ['java', 'javac'],
    runner: () => javaRunner,
    build: async (host, seen, tools, exec) => {
      const sources = (await filesEndingIn(host.codeDir, '.java')).map(
        (f) => seen.codeDir + f.slice(host.codeDir.length),
      );
      // -proc:none: no annotation processor (code of the bundle) runs at build time.
      await compile(seen, exec, {
        command: tools.javac!,
        args: [
          '-encoding',
          'UTF-8',
          '-nowarn',
          '-proc:none',
          '-d',
          join(seen.runnerDir, 'classes'),
          runnerPath(seen, javaRunner),
          ...sources,
        ],
        env: cleanEnv(seen, tools),
        programs: [tools.javac!],
      });
    },
    launch: (p, tools, memoryMb) => ({
      command: tools.java!,
      // The heap takes three quarters of the memory cap; the JVM's own code and metadata need the rest.
      // Start-up matters more than peak speed for short calls.
      args: [
        `-Xmx${Math.floor((memoryMb * 3) / 4)}m`,
        '-XX:+UseSerialGC',
        '-XX:TieredStopAtLevel=1',
        '-Xshare:auto',
        '-cp',
        join(p.runnerDir, 'classes'),
        'FnqRunner',
        p.entryFile.replace(/\.java$/, ''),
        p.fn.spec.entrypoint,
      ],
      env: cleanEnv(p, tools),
      programs: [tools.java!],
      replyFd: 1,
    }),
  },
  go: {
    programs: ['go'],
    runner: (fn) => goRunner(fn.spec.entrypoint),
    build: async (host, seen, tools, exec) => {
      // The runner joins the function's package main; a bundle without go.mod gets a minimal one.
      const runner = goRunner(host.fn.spec.entrypoint);
      await copyFile(runnerPath(host, runner), join(host.codeDir, runner.fileName));
      if (!existsSync(join(host.codeDir, 'go.mod')))
        await writeFile(join(host.codeDir, 'go.mod'), 'module function\n\ngo 1.18\n');
      await compile(seen, exec, {
        command: tools.go!,
        args: ['build', '-o', join(seen.runnerDir, 'function'), '.'],
        env: cleanEnv(seen, tools, {
          // One build cache for every function; no module downloads (the standard library and vendored code only).
          GOCACHE: join(seen.cacheDir, 'go-build'),
          GOPATH: join(seen.cacheDir, 'go-path'),
          GOPROXY: 'off',
          GOFLAGS: '-mod=mod',
          CGO_ENABLED: '0',
          GOTOOLCHAIN: 'local',
        }),
        programs: [tools.go!],
      });
    },
    launch: (p, tools) => ({ command: join(p.runnerDir, 'function'), args: [], env: cleanEnv(p, tools), programs: [] }),
  },
};

/** pyenv and similar put shims on PATH that need the service's environment; the interpreter itself does not. */
async function interpreterBehind(path: string): Promise<string> {
  const { stdout } = await run(path, ['-c', 'import sys; print(sys.executable)'], { timeout: 10_000 });
  return stdout.trim();
}

const resolved = new Map<RuntimeFamily, Promise<Tools | undefined>>();

async function resolveTools(toolchain: Toolchain): Promise<Tools | undefined> {
  const tools: Tools = {};
  for (const program of toolchain.programs) {
    const path = findProgram(program);
    if (!path) return undefined;
    tools[program] = program === 'python3' ? await interpreterBehind(path) : path;
  }
  return tools;
}

export interface ReadyToolchain {
  runner: RunnerSource;
  build?(host: Prepared, seen: Prepared, exec: BuildExec): Promise<void>;
  launch(p: Prepared, memoryMb: number): Launch;
}

/** The family's toolchain with its programs found, or a 400 saying this host cannot run it. */
export async function toolchainFor(family: RuntimeFamily, fn: FunctionRecord): Promise<ReadyToolchain> {
  const toolchain = TOOLCHAINS[family];
  let tools: Tools | undefined;
  if (toolchain) {
    if (!resolved.has(family)) resolved.set(family, resolveTools(toolchain));
    tools = await resolved.get(family);
  }
  if (!toolchain || !tools) {
    const missing = toolchain ? toolchain.programs.join(', ') : `a local ${family} runner`;
    throw badRequest(
      `This service runs functions on its own host, which has no ${missing} for ${fn.runtime}`,
      'Choose another runtime, or ask the operator to install the toolchain (docs/functions.md lists what each runtime needs)',
      'runtime_unavailable',
    );
  }
  const found = tools;
  return {
    runner: toolchain.runner(fn),
    build: toolchain.build && ((host, seen, exec) => toolchain.build!(host, seen, found, exec)),
    launch: (p, memoryMb) => toolchain.launch(p, found, memoryMb),
  };
}
