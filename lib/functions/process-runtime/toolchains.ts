// How each language runs on the local runtime: the runner written beside the code, the build step
// of compiled languages, and the command of a warm worker with its heap flag and a clean
// environment (PATH, HOME in a private folder, LANG: no variable of the service reaches user code).
// Commands are written with the paths the code sees (sandbox.ts: /function, /runner, /tmp when
// confined); the confinement wraps them, builds included.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, realpathSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { delimiter, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { badRequest, ServiceError } from '../../errors';
import type { RuntimeFamily } from '../../spec/index';
import type { FunctionRecord } from '../ports';
import { goRunner } from '../runners/go';
import { javaRunner } from '../runners/java';
import { nodeRunner } from '../runners/node';
import { phpRunner } from '../runners/php';
import type { RunnerSource } from '../runners/protocol';
import { pythonRunner } from '../runners/python';
import { rubyRunner } from '../runners/ruby';
import { REGISTRY_PROXY_PORT } from '../build/net-bridge-source';
import { runtimeInfo } from '../../spec/index';
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
  /**
   * The function's own download cache (npm, pip, Go modules, Maven): per function, so what one
   * function's install writes can never be read by another's build.
   */
  depsDir: string;
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
  /**
   * A dependency install: the only step that reaches the network, and only the package registries
   * (through the registry proxy); the code folder is writable and the shared compiler cache is not mounted.
   */
  install?: boolean;
}

/** Runs a build command confined, with the runner and cache folders writable; rejects with its output. */
export type BuildExec = (launch: Launch) => Promise<void>;

interface Toolchain {
  /** Programs the family needs, looked up on the service's PATH. */
  programs: string[];
  /** Programs used when the bundle asks for them (Maven for a pom.xml). */
  optional?: string[];
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

/** Output with our folders taken out, as the 400 of a deploy that does not build. */
async function step(p: Prepared, exec: BuildExec, launch: Launch, failure = 'does not build'): Promise<void> {
  try {
    await exec(launch);
  } catch (e) {
    // The service's own refusal (no cgroup for the build), not the command's failure: passed on as it is.
    if (e instanceof ServiceError) throw e;
    const { stdout = '', stderr = '' } = e as { stdout?: string; stderr?: string };
    const output = `${stderr}\n${stdout}`
      .split(p.codeDir + '/')
      .join('')
      .split(p.runnerDir)
      .join('<runner>')
      .split(p.depsDir)
      .join('<cache>')
      .trim();
    throw badRequest(
      `The ${p.fn.runtime} code of ${p.fn.shortname} ${failure}: ${output.split('\n').slice(0, 15).join(' ') || 'the command failed'}`,
      launch.install
        ? 'Check the dependency names and versions (and the lockfile), try the install locally, and deploy again'
        : 'Fix the compile errors (build it locally first) and deploy again',
      'build_failed',
    );
  }
}

const compile = (p: Prepared, exec: BuildExec, launch: Launch) => step(p, exec, launch);
const install = (p: Prepared, exec: BuildExec, launch: Omit<Launch, 'install'>) =>
  step(p, exec, { ...launch, install: true }, 'has dependencies that could not be installed');

/** What installed dependencies may take on disk: AWS Lambda's limit for a function's unpacked code. */
export const DEPENDENCIES_MAX_BYTES = 250 * 1024 * 1024;

/** The bytes of every file under `dir` (0 when it does not exist). */
export async function bytesUnder(dir: string): Promise<number> {
  if (!existsSync(dir)) return 0;
  let total = 0;
  for (const e of await readdir(dir, { recursive: true, withFileTypes: true }))
    if (e.isFile()) total += (await stat(join(e.parentPath, e.name))).size;
  return total;
}

/** A 400 when what an install wrote is over the budget (each file is capped while it is written: the build's file-size limit). */
async function withinBudget(p: Prepared, dir: string): Promise<void> {
  const bytes = await bytesUnder(dir);
  if (bytes > DEPENDENCIES_MAX_BYTES)
    throw badRequest(
      `The dependencies of ${p.fn.shortname} take ${Math.round(bytes / 1048576)} MB, over the budget of ${DEPENDENCIES_MAX_BYTES / 1048576} MB`,
      'Depend on fewer or smaller packages (development dependencies are not installed)',
      'dependencies_too_large',
    );
}

/** npm's own command line, shipped with the service's Node. */
function npmCli(): string | undefined {
  const path = join(dirname(realpathSync(process.execPath)), '..', 'lib', 'node_modules', 'npm', 'bin', 'npm-cli.js');
  return existsSync(path) ? path : undefined;
}

const needsLockfile = (p: Prepared, manifest: string, lockfiles: string[], how: string) => {
  if (lockfiles.some((f) => existsSync(join(p.codeDir, f)))) return;
  throw badRequest(
    `${p.fn.shortname} has a ${manifest} but no ${lockfiles.join(' or ')}, so its dependencies are not pinned`,
    `Create the lockfile (${how}) and deploy it with the code`,
    'lockfile_missing',
  );
};

/** Composer and Bundler registries are not reachable from builds: their dependencies come vendored in the bundle. */
function needsVendored(p: Prepared, manifest: string, vendored: string, how: string): void {
  if (!existsSync(join(p.codeDir, manifest)) || existsSync(join(p.codeDir, vendored))) return;
  throw badRequest(
    `${p.fn.shortname} has a ${manifest} but no ${vendored}: this service does not download ${manifest} dependencies`,
    `Vendor them (${how}) and deploy the folder with them`,
    'dependencies_not_vendored',
  );
}

async function filesEndingIn(dir: string, suffix: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith(suffix)).map((e) => join(e.parentPath, e.name));
}

const TOOLCHAINS: Partial<Record<RuntimeFamily, Toolchain>> = {
  node: {
    programs: [],
    runner: () => nodeRunner,
    // package.json: `npm ci` from the lockfile, no install scripts (no code of the bundle or of a
    // package runs at build time), no development dependencies; into node_modules beside the code.
    build: async (host, seen, tools, exec) => {
      if (!existsSync(join(host.codeDir, 'package.json'))) return;
      needsLockfile(
        host,
        'package.json',
        ['package-lock.json', 'npm-shrinkwrap.json'],
        'npm install --package-lock-only',
      );
      const npm = npmCli();
      if (!npm)
        throw badRequest(
          'This host has no npm beside its Node',
          'Ask the operator to install npm',
          'runtime_unavailable',
        );
      await install(seen, exec, {
        command: process.execPath,
        args: [npm, 'ci', '--ignore-scripts', '--omit=dev', '--no-audit', '--no-fund', '--no-update-notifier'],
        env: cleanEnv(seen, tools, { npm_config_cache: join(seen.depsDir, 'npm'), npm_config_loglevel: 'error' }),
        programs: [process.execPath],
      });
      await withinBudget(host, join(host.codeDir, 'node_modules'));
    },
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
    // requirements.txt: wheels only (no setup.py runs at build time), beside the runner, which puts
    // them on sys.path after the function's own folder.
    build: async (host, seen, tools, exec) => {
      if (!existsSync(join(host.codeDir, 'requirements.txt'))) return;
      await install(seen, exec, {
        command: tools.python3!,
        args: [
          '-I',
          '-m',
          'pip',
          'install',
          '--no-input',
          '--disable-pip-version-check',
          '--only-binary=:all:',
          '--target',
          join(seen.runnerDir, 'python-packages'),
          '-r',
          join(seen.codeDir, 'requirements.txt'),
        ],
        env: cleanEnv(seen, tools, { PIP_CACHE_DIR: join(seen.depsDir, 'pip') }),
        programs: [tools.python3!],
      });
      await withinBudget(host, join(host.runnerDir, 'python-packages'));
    },
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
    build: async (host) =>
      needsVendored(host, 'Gemfile', 'vendor', 'bundle config set --local path vendor/bundle; bundle install'),
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
    build: async (host) => needsVendored(host, 'composer.json', 'vendor/autoload.php', 'composer install --no-dev'),
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
    optional: ['mvn'],
    runner: () => javaRunner,
    // pom.xml: Maven copies the runtime dependencies' jars beside the runner (its
    // dependency:copy-dependencies goal only: none of the project's own plugins runs), then javac
    // compiles against them.
    build: async (host, seen, tools, exec) => {
      if (existsSync(join(host.codeDir, 'pom.xml'))) {
        if (!tools.mvn)
          throw badRequest(
            `${host.fn.shortname} has a pom.xml, and this host has no Maven (mvn) to install its dependencies`,
            'Ask the operator to install Maven, or deploy without dependencies',
            'runtime_unavailable',
          );
        await mkdir(host.depsDir, { recursive: true });
        await writeFile(join(host.depsDir, 'settings.xml'), mavenSettings());
        await install(seen, exec, {
          command: tools.mvn,
          args: [
            '-B',
            '-q',
            '-s',
            join(seen.depsDir, 'settings.xml'),
            `-Dmaven.repo.local=${join(seen.depsDir, 'm2')}`,
            'dependency:copy-dependencies',
            '-DincludeScope=runtime',
            `-DoutputDirectory=${join(seen.runnerDir, 'lib')}`,
          ],
          env: cleanEnv(seen, tools, { MAVEN_OPTS: '-Xmx512m' }),
          programs: [tools.mvn, tools.java!],
        });
        await withinBudget(host, join(host.runnerDir, 'lib'));
      }
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
          '-cp',
          join(seen.runnerDir, 'lib', '*'),
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
        `${join(p.runnerDir, 'classes')}${delimiter}${join(p.runnerDir, 'lib', '*')}`,
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
    // go.mod with requirements: `go mod download` through the Go module proxy, checked against
    // go.sum and the checksum database; then an offline build (no code of the bundle runs: cgo off).
    build: async (host, seen, tools, exec) => {
      await requireGoFor(host.fn, tools.go!);
      // The runner joins the function's package main; a bundle without go.mod gets a minimal one.
      const runner = goRunner(host.fn.spec.entrypoint);
      await copyFile(runnerPath(host, runner), join(host.codeDir, runner.fileName));
      const goMod = join(host.codeDir, 'go.mod');
      const own = existsSync(goMod);
      if (!own) await writeFile(goMod, 'module function\n\ngo 1.18\n');
      const goEnv = {
        GOMODCACHE: join(seen.depsDir, 'go-mod'),
        GOPATH: join(seen.depsDir, 'go-path'),
        // The bundle's go.mod and go.sum pin the modules; a build never edits them.
        GOFLAGS: own ? '-mod=readonly' : '-mod=mod',
        CGO_ENABLED: '0',
        GOTOOLCHAIN: 'local',
      };
      if (own && /^\s*require\b/m.test(await readFile(goMod, 'utf8'))) {
        await install(seen, exec, {
          command: tools.go!,
          args: ['mod', 'download'],
          env: cleanEnv(seen, tools, {
            ...goEnv,
            GOPROXY: 'https://proxy.golang.org',
            GOCACHE: join(seen.depsDir, 'go-build'),
          }),
          programs: [tools.go!],
        });
        await withinBudget(host, join(host.depsDir, 'go-mod'));
      }
      await compile(seen, exec, {
        command: tools.go!,
        args: ['build', '-o', join(seen.runnerDir, 'function'), '.'],
        env: cleanEnv(seen, tools, {
          ...goEnv,
          // One compiler cache for every function; modules come only from the function's own download.
          GOCACHE: join(seen.cacheDir, 'go-build'),
          GOPROXY: 'off',
        }),
        programs: [tools.go!],
      });
    },
    launch: (p, tools) => ({ command: join(p.runnerDir, 'function'), args: [], env: cleanEnv(p, tools), programs: [] }),
  },
};

/** Maven reaches the registries through the sandbox's bridge to the registry proxy (Maven ignores HTTPS_PROXY). */
const mavenSettings = () => `<settings>
  <proxies>
    <proxy><id>registries-https</id><active>true</active><protocol>https</protocol><host>127.0.0.1</host><port>${REGISTRY_PROXY_PORT}</port></proxy>
    <proxy><id>registries-http</id><active>true</active><protocol>http</protocol><host>127.0.0.1</host><port>${REGISTRY_PROXY_PORT}</port></proxy>
  </proxies>
</settings>
`;

const goVersions = new Map<string, Promise<string | undefined>>();

/** `1.26.8` for go1.26.8; undefined when the program does not answer. */
function goVersionOf(go: string): Promise<string | undefined> {
  let version = goVersions.get(go);
  if (!version) {
    version = run(go, ['env', 'GOVERSION'], { timeout: 20_000, env: { ...process.env, GOTOOLCHAIN: 'local' } })
      .then(({ stdout }) => /^go(\d+\.\d+(?:\.\d+)?)/.exec(stdout.trim())?.[1])
      .catch(() => undefined);
    goVersions.set(go, version);
  }
  return version;
}

const newer = (a: string, b: string) => {
  const [x, y] = [a.split('.').map(Number), b.split('.').map(Number)];
  for (let i = 0; i < 3; i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) > (y[i] ?? 0);
  return false;
};

/**
 * The newest Go on this host: the one on PATH, the official tarball's, and Debian's versioned
 * packages (which keep an old one in /usr/lib/go-1.NN while a newer one is installed elsewhere).
 */
async function newestGo(): Promise<string | undefined> {
  const candidates = new Set<string>();
  const onPath = findProgram('go');
  if (onPath) candidates.add(onPath);
  for (const dir of ['/usr/local/go/bin', '/usr/lib/go/bin'])
    if (existsSync(join(dir, 'go'))) candidates.add(realpathSync(join(dir, 'go')));
  if (existsSync('/usr/lib'))
    for (const name of readdirSync('/usr/lib').filter((n) => /^go-1\.\d+$/.test(n)))
      if (existsSync(`/usr/lib/${name}/bin/go`)) candidates.add(realpathSync(`/usr/lib/${name}/bin/go`));
  let best: { path: string; version: string } | undefined;
  for (const path of candidates) {
    const version = await goVersionOf(path);
    if (version && (!best || newer(version, best.version))) best = { path, version };
  }
  return best?.path;
}

/** The spec's go1NN is the oldest Go its code may need: a host with an older Go refuses rather than fails to compile. */
async function requireGoFor(fn: FunctionRecord, go: string): Promise<void> {
  const wanted = runtimeInfo(fn.runtime)?.version;
  const have = await goVersionOf(go);
  if (!wanted || !have || !newer(wanted, have)) return;
  throw badRequest(
    `${fn.runtime} asks for Go ${wanted} or newer, and the newest Go on this host is ${have}`,
    `Set runtime to go${have.split('.').slice(0, 2).join('')} or older if the code allows, or ask the operator to install Go ${wanted} (docs/functions.md)`,
    'runtime_unavailable',
  );
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
    const path = program === 'go' ? await newestGo() : findProgram(program);
    if (!path) return undefined;
    tools[program] = program === 'python3' ? await interpreterBehind(path) : path;
  }
  for (const program of toolchain.optional ?? []) {
    const path = findProgram(program);
    if (path) tools[program] = path;
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
