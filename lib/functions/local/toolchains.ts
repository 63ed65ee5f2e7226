// How each language runs on the local runtime: the runner written beside the code, the build step
// of compiled languages, and the command of a warm worker with its memory cap and a clean
// environment (PATH, HOME in a private folder, LANG: no variable of the service reaches user code).
import { execFile } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
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

const run = promisify(execFile);

export interface Prepared {
  fn: FunctionRecord;
  /** The unpacked bundle; the worker's cwd. */
  codeDir: string;
  /** The runner and build output, outside the code. */
  runnerDir: string;
  /** The worker's HOME and TMPDIR. */
  homeDir: string;
  entryFile: string;
}

export interface Launch {
  command: string;
  args: string[];
  env: Record<string, string>;
  /** The descriptor the runner replies on: 3, or 1 for runtimes that cannot open fd 3 (the JVM). */
  replyFd?: 1 | 3;
}

interface Toolchain {
  /** Programs the family needs, looked up on the service's PATH. */
  programs: string[];
  runner(fn: FunctionRecord): RunnerSource;
  build?(p: Prepared, tools: Tools, workDir: string): Promise<void>;
  launch(p: Prepared, tools: Tools, memoryMb: number): Launch;
}

type Tools = Record<string, string>;

const BUILD_TIMEOUT_MS = 180_000;

/**
 * Data-segment cap (RLIMIT_DATA: the memory a process writes to) for runtimes without a heap flag
 * of their own (V8 and the JVM have one). Not an address-space cap: Go reserves far more address
 * space than it uses and would not start under one.
 */
const capped = (memoryMb: number, command: string, args: string[]) => ({
  command: '/bin/sh',
  args: ['-c', 'ulimit -d "$0" && exec "$@"', String(memoryMb * 1024), command, ...args],
});

function cleanEnv(p: Prepared, tools: Tools, extra: Record<string, string> = {}): Record<string, string> {
  const bins = [...new Set(Object.values(tools).map((t) => dirname(t)))];
  return { PATH: [...bins, '/usr/bin', '/bin'].join(delimiter), HOME: p.homeDir, TMPDIR: p.homeDir, LANG: 'C.UTF-8', ...extra };
}

const runnerPath = (p: Prepared, source: RunnerSource) => join(p.runnerDir, source.fileName);

/** Compiler output with our folders taken out, as the 400 of a deploy that does not build. */
async function compile(p: Prepared, command: string, args: string[], env: Record<string, string>): Promise<void> {
  try {
    await run(command, args, { cwd: p.codeDir, env, timeout: BUILD_TIMEOUT_MS, maxBuffer: 4 * 1024 * 1024 });
  } catch (e) {
    const { stdout = '', stderr = '' } = e as { stdout?: string; stderr?: string };
    const output = `${stderr}\n${stdout}`.split(p.codeDir + '/').join('').split(p.runnerDir).join('<runner>').trim();
    throw badRequest(`The ${p.fn.runtime} code of ${p.fn.shortname} does not build: ${output.split('\n').slice(0, 15).join(' ') || 'the compiler failed'}`,
      'Fix the compile errors (build it locally first) and deploy again', 'build_failed');
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
      args: [`--max-old-space-size=${memoryMb}`, runnerPath(p, nodeRunner), join(p.codeDir, p.entryFile), p.fn.spec.entrypoint],
      env: cleanEnv(p, tools),
    }),
  },
  python: {
    programs: ['python3'],
    runner: () => pythonRunner,
    // -I: isolated from PYTHON* variables and the user site; -u: output reaches the log as it is written.
    launch: (p, tools, memoryMb) => ({
      ...capped(memoryMb, tools.python3!, ['-I', '-u', runnerPath(p, pythonRunner), join(p.codeDir, p.entryFile), p.fn.spec.entrypoint]),
      env: cleanEnv(p, tools),
    }),
  },
  ruby: {
    programs: ['ruby'],
    runner: () => rubyRunner,
    launch: (p, tools, memoryMb) => ({
      ...capped(memoryMb, tools.ruby!, [runnerPath(p, rubyRunner), join(p.codeDir, p.entryFile), p.fn.spec.entrypoint]),
      env: cleanEnv(p, tools),
    }),
  },
  php: {
    programs: ['php'],
    runner: () => phpRunner,
    launch: (p, tools, memoryMb) => ({
      ...capped(memoryMb, tools.php!, ['-n', '-d', `memory_limit=${memoryMb}M`, '-d', 'display_errors=stderr',
        runnerPath(p, phpRunner), join(p.codeDir, p.entryFile), p.fn.spec.entrypoint]),
      env: cleanEnv(p, tools),
    }),
  },
  java: {
    programs: ['java', 'javac'],
    runner: () => javaRunner,
    build: async (p, tools) => {
      const sources = await filesEndingIn(p.codeDir, '.java');
      await compile(p, tools.javac!, ['-encoding', 'UTF-8', '-nowarn', '-d', join(p.runnerDir, 'classes'), runnerPath(p, javaRunner), ...sources], cleanEnv(p, tools));
    },
    launch: (p, tools, memoryMb) => ({
      command: tools.java!,
      // Start-up matters more than peak speed for short calls.
      args: [`-Xmx${memoryMb}m`, '-XX:+UseSerialGC', '-XX:TieredStopAtLevel=1', '-Xshare:auto', '-cp', join(p.runnerDir, 'classes'),
        'FnqRunner', p.entryFile.replace(/\.java$/, ''), p.fn.spec.entrypoint],
      env: cleanEnv(p, tools),
      replyFd: 1,
    }),
  },
  go: {
    programs: ['go'],
    runner: (fn) => goRunner(fn.spec.entrypoint),
    build: async (p, tools, workDir) => {
      // The runner joins the function's package main; a bundle without go.mod gets a minimal one.
      const runner = goRunner(p.fn.spec.entrypoint);
      await copyFile(runnerPath(p, runner), join(p.codeDir, runner.fileName));
      if (!existsSync(join(p.codeDir, 'go.mod'))) await writeFile(join(p.codeDir, 'go.mod'), 'module function\n\ngo 1.18\n');
      await compile(p, tools.go!, ['build', '-o', join(p.runnerDir, 'function'), '.'], cleanEnv(p, tools, {
        // One build cache for every function; no module downloads (the standard library and vendored code only).
        GOCACHE: join(workDir, 'go-cache'), GOPATH: join(workDir, 'go-path'), GOPROXY: 'off', GOFLAGS: '-mod=mod',
        CGO_ENABLED: '0', GOTOOLCHAIN: 'local',
      }));
    },
    launch: (p, tools, memoryMb) => ({ ...capped(memoryMb, join(p.runnerDir, 'function'), []), env: cleanEnv(p, tools) }),
  },
};

// Searched after PATH: serverless offline gives handlers only the variables serverless.yml declares.
const SYSTEM_DIRS = ['/usr/local/bin', '/usr/bin', '/bin'];

function onPath(program: string): string | undefined {
  for (const dir of [...(process.env.PATH ?? '').split(delimiter).filter(Boolean), ...SYSTEM_DIRS]) {
    const path = join(dir, program);
    if (existsSync(path)) return realpathSync(path);
  }
  return undefined;
}

/** pyenv and similar put shims on PATH that need the service's environment; the interpreter itself does not. */
async function interpreterBehind(path: string): Promise<string> {
  const { stdout } = await run(path, ['-c', 'import sys; print(sys.executable)'], { timeout: 10_000 });
  return stdout.trim();
}

const resolved = new Map<RuntimeFamily, Promise<Tools | undefined>>();

async function resolveTools(toolchain: Toolchain): Promise<Tools | undefined> {
  const tools: Tools = {};
  for (const program of toolchain.programs) {
    const path = onPath(program);
    if (!path) return undefined;
    tools[program] = program === 'python3' ? await interpreterBehind(path) : path;
  }
  return tools;
}

export interface ReadyToolchain {
  runner: RunnerSource;
  build?(p: Prepared, workDir: string): Promise<void>;
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
    throw badRequest(`This service runs functions on its own host, which has no ${missing} for ${fn.runtime}`,
      'Choose another runtime, or ask the operator to install the toolchain (docs/functions.md lists what each runtime needs)',
      'runtime_unavailable');
  }
  const found = tools;
  return {
    runner: toolchain.runner(fn),
    build: toolchain.build && ((p, workDir) => toolchain.build!(p, found, workDir)),
    launch: (p, memoryMb) => toolchain.launch(p, found, memoryMb),
  };
}
