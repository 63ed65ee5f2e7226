// CodeBuild's executor, standing in for the part moto does not emulate. moto's server takes
// StartBuild and answers BatchGetBuilds (SUCCEEDED at once) but runs nothing, and ignores the
// overrides. So this hooks the real SDK client's middleware: the StartBuild input the adapter sent
// (buildspec, S3 source, artifact location, variables) is carried out here, and the builds'
// BatchGetBuilds answers say where that run is. The run does what CodeBuild does with a buildspec:
// fetches the source zip from the bucket (moto's S3), runs every phase's commands in one bash with
// the buildspec's and the overriding variables (runtime-versions are CodeBuild's images; this
// machine's toolchains stand in), in a private /tmp; zips `artifacts` from its base directory into
// the bucket; and writes its output to a CloudWatch Logs stream (moto's), with CodeBuild's
// `[Container]` lines, which a failed build's lines are read from.
// What differs from CodeBuild: this machine's toolchains (Go 1.26, Java 17, Node 20, Python 3.11)
// instead of the standard image's; Go's build cache and Maven's repository are kept between runs
// (CodeBuild's local cache would do that), so a test's second build is not a cold one.
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import {
  BatchGetBuildsCommand,
  StartBuildCommand,
  type Build,
  type CodeBuildClient,
  type StartBuildCommandInput,
} from '@aws-sdk/client-codebuild';
import {
  CloudWatchLogsClient,
  CreateLogGroupCommand,
  CreateLogStreamCommand,
  PutLogEventsCommand,
  ResourceAlreadyExistsException,
} from '@aws-sdk/client-cloudwatch-logs';
import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { unzipSync, zipSync, type Zippable } from 'fflate';
import yaml from 'js-yaml';

interface Buildspec {
  env?: { variables?: Record<string, string> };
  phases: Record<string, { commands?: string[] } | undefined>;
  artifacts: { 'base-directory': string; files: string[] };
}

interface Run {
  status: 'IN_PROGRESS' | 'SUCCEEDED' | 'FAILED';
  stream: string;
  output: string;
}

const PHASES = ['install', 'pre_build', 'build', 'post_build'];
/** Where Go's build cache and Maven's repository are kept (FNQ_CODEBUILD_STAND_IN_CACHE: bench/aws-builds.ts starts empty). */
const cacheDir = () =>
  process.env.FNQ_CODEBUILD_STAND_IN_CACHE ??
  join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'fnquery', 'codebuild-stand-in');

export interface CodeBuildStandIn {
  /** Every StartBuild input the adapter sent, in order. */
  started: StartBuildCommandInput[];
  /** The runs' output, by build id. */
  runs: Map<string, Run>;
  /** Waits for the runs still going (a test's end). */
  settled(): Promise<void>;
}

export function standInCodeBuild(
  codebuild: CodeBuildClient,
  aws: { s3: S3Client; logs: CloudWatchLogsClient; logGroup: string },
): CodeBuildStandIn {
  const started: StartBuildCommandInput[] = [];
  const runs = new Map<string, Run>();
  const going: Promise<void>[] = [];
  codebuild.middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      if (context.commandName === StartBuildCommand.name) {
        const input = args.input as StartBuildCommandInput;
        const build = (result.output as { build?: Build }).build!;
        const run: Run = { status: 'IN_PROGRESS', stream: build.id!.split(':').pop()!, output: '' };
        started.push(input);
        runs.set(build.id!, run);
        going.push(execute(input, run, aws));
      }
      if (context.commandName === BatchGetBuildsCommand.name)
        for (const build of (result.output as { builds?: Build[] }).builds ?? []) {
          const run = runs.get(build.id!);
          if (!run) continue;
          build.buildStatus = run.status;
          build.currentPhase = run.status === 'IN_PROGRESS' ? 'BUILD' : 'COMPLETED';
          build.logs = { groupName: aws.logGroup, streamName: run.stream };
          build.phases =
            run.status === 'FAILED'
              ? [{ phaseType: 'BUILD', phaseStatus: 'FAILED', contexts: [{ message: 'COMMAND_EXECUTION_ERROR' }] }]
              : [];
        }
      return result;
    },
    { step: 'initialize', name: 'codebuildStandIn' },
  );
  return { started, runs, settled: async () => void (await Promise.all(going)) };
}

async function execute(
  input: StartBuildCommandInput,
  run: Run,
  aws: { s3: S3Client; logs: CloudWatchLogsClient; logGroup: string },
): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'fnq-codebuild-'));
  try {
    const [bucket, ...key] = input.sourceLocationOverride!.split('/');
    const source = await aws.s3.send(new GetObjectCommand({ Bucket: bucket, Key: key.join('/') }));
    const src = join(work, 'src');
    unpack(await source.Body!.transformToByteArray(), src);
    const spec = yaml.load(input.buildspecOverride!) as Buildspec;
    const variables = {
      ...spec.env?.variables,
      ...Object.fromEntries((input.environmentVariablesOverride ?? []).map((v) => [v.name!, v.value!])),
    };
    const commands = PHASES.flatMap((phase) => spec.phases[phase]?.commands ?? []);
    const out = join(work, 'out');
    mkdirSync(out);
    const { code, output } = await runCommands(commands, variables, src, spec.artifacts['base-directory'], out);
    run.output = output;
    if (code === 0) {
      const a = input.artifactsOverride!;
      await aws.s3.send(
        new PutObjectCommand({ Bucket: a.location, Key: `${a.path}/${a.name}`, Body: artifactZip(out, spec) }),
      );
    }
    await writeLog(aws, run.stream, output);
    run.status = code === 0 ? 'SUCCEEDED' : 'FAILED';
  } catch (e) {
    run.output += `\nstand-in failed: ${String(e)}`;
    run.status = 'FAILED';
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function unpack(zip: Uint8Array, dir: string) {
  for (const [name, bytes] of Object.entries(unzipSync(zip))) {
    if (name.endsWith('/')) continue;
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), bytes);
  }
}

/** One bash for every command, as CodeBuild's `shell: bash` session; each command announced like CodeBuild does. */
function runCommands(
  commands: string[],
  variables: Record<string, string>,
  src: string,
  baseDirectory: string,
  out: string,
): Promise<{ code: number; output: string }> {
  const script = [
    'set -e',
    ...commands.flatMap((c) => [`echo ${JSON.stringify(`[Container] Running command ${c.split('\n')[0]}`)}`, c]),
  ].join('\n');
  const cache = cacheDir();
  for (const dir of ['go-build', 'm2']) mkdirSync(join(cache, dir), { recursive: true });
  const env = {
    PATH: `/usr/local/go/bin:${process.env.PATH}`,
    HOME: '/tmp/home',
    LANG: 'C.UTF-8',
    GOCACHE: join(cache, 'go-build'),
    GOTOOLCHAIN: 'local',
    MAVEN_OPTS: `-Dmaven.repo.local=${join(cache, 'm2')}`,
    CODEBUILD_SRC_DIR: '/codebuild/output/src1/src',
    ...variables,
  };
  // A private /tmp (the buildspecs write to /tmp/out and /tmp/classes), the artifact folder bound in.
  const args = [
    ...['--bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--tmpfs', '/tmp'],
    ...['--dir', '/tmp/home', '--bind', out, baseDirectory],
    // The caches at their own path, visible even when they live under the host's /tmp.
    ...['--bind', cache, cache],
    ...['--bind', src, '/codebuild/output/src1/src', '--chdir', '/codebuild/output/src1/src'],
    ...['--die-with-parent', '--clearenv'],
    ...Object.entries(env).flatMap(([k, v]) => ['--setenv', k, v]),
    ...['bash', '-c', script],
  ];
  return new Promise((resolve, reject) => {
    const child = spawn('bwrap', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** The `artifacts` section: every file under the base directory (`**\/*`) or the named ones; modes kept. */
function artifactZip(out: string, spec: Buildspec): Uint8Array {
  const all = spec.artifacts.files.includes('**/*');
  const names = all
    ? readdirSync(out, { recursive: true, encoding: 'utf8' }).filter((n) => statSync(join(out, n)).isFile())
    : spec.artifacts.files;
  const files: Zippable = {};
  for (const name of names) {
    const path = join(out, name);
    const mode = statSync(path).mode & 0o777;
    chmodSync(path, mode);
    files[relative(out, path)] = [readFileSync(path), { os: 3, attrs: (0o100000 | mode) << 16 }];
  }
  return zipSync(files);
}

async function writeLog(aws: { logs: CloudWatchLogsClient; logGroup: string }, stream: string, output: string) {
  try {
    await aws.logs.send(new CreateLogGroupCommand({ logGroupName: aws.logGroup }));
  } catch (e) {
    if (!(e instanceof ResourceAlreadyExistsException)) throw e;
  }
  await aws.logs.send(new CreateLogStreamCommand({ logGroupName: aws.logGroup, logStreamName: stream }));
  const lines = output.split('\n').filter(Boolean);
  const now = Date.now();
  await aws.logs.send(
    new PutLogEventsCommand({
      logGroupName: aws.logGroup,
      logStreamName: stream,
      logEvents: (lines.length ? lines : ['(no output)']).map((message) => ({ timestamp: now, message })),
    }),
  );
}
