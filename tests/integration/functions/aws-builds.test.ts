// The AWS build path end to end, with the real SDK clients: the Lambda invoker's build goes to
// CodeBuild (moto's server, the project created from deploy/function-builds.yml; the buildspec the
// adapter sends carried out by codebuild-stand-in.ts, as moto runs nothing) through the service
// bucket (moto's S3), and the artifact becomes a Lambda on a loopback Lambda API whose functions run
// under AWS's Runtime Interface Emulator (tests/support/rie-lambda-service.ts): Go's `bootstrap` on
// the OS-only runtime with a module from go.sum, Java's jar under AWS's Java runtime interface
// client with a pom.xml dependency, Node and Python with a real dependency, PHP's bootstrap with
// this machine's /usr/bin/php standing in for the operator's layer at /opt/bin/php. Then a build
// that fails: its log's first lines reach the owner, and the version in service keeps answering.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CloudWatchLogsClient, DescribeLogGroupsCommand } from '@aws-sdk/client-cloudwatch-logs';
import { CodeBuildClient, CreateProjectCommand, type CreateProjectCommandInput } from '@aws-sdk/client-codebuild';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import yaml from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CodeBuildBuilds } from '../../../lib/aws/codebuild-builds';
import { AwsLambdaApi } from '../../../lib/aws/lambda-api';
import { S3BlobStore } from '../../../lib/aws/s3-blob-store';
import { directoryFiles, writeBundle } from '../../../lib/functions/bundle';
import { LambdaInvoker } from '../../../lib/functions/lambda-invoker';
import { deployFunction, type HostingDeps } from '../../../lib/functions/manage';
import { createLogger } from '../../../lib/log';
import { PROJECT_ROOT } from '../../../local/serverless-config';
import { runtimeInfo } from '../../../lib/spec/index';
import { lambdaRuntimes } from '../../support/lambda-rie';
import { motoTools, motoUnavailableReason, startMoto, type MotoServer } from '../../support/moto-tools';
import { startRieLambdaService, type RieLambdaService } from '../../support/rie-lambda-service';
import { bundleOf, functionDir, MemoryFunctionRegistry, type FunctionFixture } from '../../unit/functions/support';
import { standInCodeBuild, type CodeBuildStandIn } from './codebuild-stand-in';
import { GO_WITH_UUID, JAVA_WITH_ORG_JSON, NODE_WITH_MS, POST_JSON, PYTHON_WITH_SIX } from './dependency-fixtures';

const unavailable = motoUnavailableReason();
const BUCKET = 'fnquery-test-uploads';
const PROJECT = 'fnquery-test-function-builds';
const PHP_LAYER = 'arn:aws:lambda:us-east-1:123456789012:layer:php82:1';
const credentials = { accessKeyId: 'testing', secretAccessKey: 'testing' };
const log = createLogger({ sink: () => undefined });

let moto: MotoServer;
let lambdaApi: RieLambdaService;
let standIn: CodeBuildStandIn;
let deps: HostingDeps;
let layer: string;
let s3: S3Client;

/** The template's project, as CloudFormation would create it (references resolved to this test's names). */
function projectFromTemplate(): CreateProjectCommandInput {
  const tags = ['!Ref', '!GetAtt', '!Join', '!Sub'].flatMap((tag) =>
    (['scalar', 'sequence', 'mapping'] as const).map((kind) => new yaml.Type(tag, { kind, construct: () => tag })),
  );
  const template = yaml.load(readFileSync(join(PROJECT_ROOT, 'deploy/function-builds.yml'), 'utf8'), {
    schema: yaml.DEFAULT_SCHEMA.extend(tags),
  }) as { Resources: { FunctionBuilds: { Properties: Record<string, any> } } }; // eslint-disable-line @typescript-eslint/no-explicit-any -- parsed YAML
  const p = template.Resources.FunctionBuilds.Properties;
  return {
    name: PROJECT,
    serviceRole: 'arn:aws:iam::123456789012:role/function-builds',
    // moto asks for a location even with NO_SOURCE (AWS does not); every build overrides the source.
    source: { type: p.Source.Type, buildspec: p.Source.BuildSpec, location: 'none' },
    artifacts: { type: 'S3', location: BUCKET, path: p.Artifacts.Path, name: p.Artifacts.Name, packaging: 'ZIP' },
    environment: {
      type: p.Environment.Type,
      image: p.Environment.Image,
      computeType: p.Environment.ComputeType,
    },
    timeoutInMinutes: p.TimeoutInMinutes,
  };
}

beforeAll(async () => {
  if (unavailable) return;
  await lambdaRuntimes();
  moto = await startMoto(motoTools());
  const endpoint = moto.endpoint;
  s3 = new S3Client({ region: 'us-east-1', endpoint, credentials, forcePathStyle: true });
  await s3.send(new CreateBucketCommand({ Bucket: BUCKET }));
  const logs = new CloudWatchLogsClient({ region: 'us-east-1', endpoint, credentials });
  const codebuild = new CodeBuildClient({ region: 'us-east-1', endpoint, credentials });
  await codebuild.send(new CreateProjectCommand(projectFromTemplate()));
  standIn = standInCodeBuild(codebuild, { s3, logs, logGroup: `/aws/codebuild/${PROJECT}` });

  layer = mkdtempSync(join(tmpdir(), 'fnq-php-layer-'));
  mkdirSync(join(layer, 'bin'));
  symlinkSync('/usr/bin/php', join(layer, 'bin', 'php'));
  lambdaApi = await startRieLambdaService(undefined, { [PHP_LAYER]: layer });
  const lambda = new LambdaClient({ region: 'us-east-1', endpoint: lambdaApi.url, credentials });
  const blobs = new S3BlobStore(s3, BUCKET, s3);
  const invoker = new LambdaInvoker(new AwsLambdaApi(lambda, logs, 60), {
    stage: 'test',
    roleArn: 'arn:aws:iam::123456789012:role/fn-exec',
    timeoutMs: 30_000,
    memoryMb: 512,
    reservedConcurrency: 2,
    logRetentionDays: 7,
    builds: { builds: new CodeBuildBuilds(codebuild, logs, { project: PROJECT, bucket: BUCKET }), blobs, pollMs: 250 },
    phpLayerArn: PHP_LAYER,
  });
  deps = { registry: new MemoryFunctionRegistry(), blobs, invoker, log };
}, 1_200_000);

afterAll(async () => {
  await standIn?.settled();
  await lambdaApi?.stop();
  await moto?.stop();
  if (layer) rmSync(layer, { recursive: true, force: true });
});

async function deploy(f: FunctionFixture) {
  const dir = await functionDir(f);
  try {
    return (await deployFunction(deps, 'acct-builds', await bundleOf(dir))).record;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const call = (record: Awaited<ReturnType<typeof deploy>>, body: unknown = { text: 'x' }) =>
  deps.invoker.invoke(record, { method: 'POST', query: {}, headers: {}, body }, { timeoutMs: 30_000, log });

const PHP_EXAMPLE = async () => {
  const files = await directoryFiles(join(PROJECT_ROOT, 'examples/functions/php'));
  return writeBundle(files);
};

describe.skipIf(unavailable)('builds on AWS: CodeBuild (moto + stand-in executor) → Lambda (RIE)', () => {
  it('Go: a bootstrap for provided.al2023 with a module from go.sum', { timeout: 600_000 }, async () => {
    const record = await deploy(GO_WITH_UUID);
    const started = standIn.started.at(-1)!;
    // What the adapter asked CodeBuild for: the family's buildspec, the S3 source, the artifact's key.
    expect(started.projectName).toBe(PROJECT);
    expect(started.buildspecOverride).toContain('go build -trimpath');
    expect(started.sourceTypeOverride).toBe('S3');
    expect(started.sourceLocationOverride).toMatch(
      new RegExp(`^${BUCKET}/functions/dep-go/v1-[0-9a-f]+/build-source\\.zip$`),
    );
    expect(started.artifactsOverride).toMatchObject({ location: BUCKET, namespaceType: 'NONE', name: 'artifact.zip' });
    expect(started.environmentVariablesOverride).toContainEqual({
      name: 'FNQ_ENTRYPOINT',
      value: 'Handler',
      type: 'PLAINTEXT',
    });
    const fn = lambdaApi.functions.get('fnquery-test-fn-dep-go')!;
    expect(fn).toMatchObject({ runtime: 'provided.al2023', handler: 'bootstrap' });
    // uuid.NewSHA1: a version-5 UUID, the same on every call.
    const { body } = await call(record);
    expect((body as { id: string }).id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect((await call(record)).body).toEqual(body);
    // The build's source and artifact are gone; the bundle stays as the version's code.
    const keys = (await s3.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents?.map((o) => o.Key) ?? [];
    expect(keys.filter((k) => k?.includes('dep-go'))).toEqual([record.codeKey]);
    const created = await new CloudWatchLogsClient({ region: 'us-east-1', endpoint: moto.endpoint, credentials }).send(
      new DescribeLogGroupsCommand({ logGroupNamePrefix: '/aws/lambda/fnquery-test-fn-dep-go' }),
    );
    expect(created.logGroups?.[0]?.retentionInDays).toBe(7);
  });

  it(
    'Java: lib/ jars under the Java runtime interface client, a pom.xml dependency',
    { timeout: 600_000 },
    async () => {
      const record = await deploy(JAVA_WITH_ORG_JSON);
      expect(lambdaApi.functions.get('fnquery-test-fn-dep-java')).toMatchObject({
        runtime: runtimeInfo('java17')!.lambdaRuntime,
        handler: 'FnqLambdaHandler::handleRequest',
      });
      expect((await call(record)).body).toEqual({ json: '{"n":3}' });
    },
  );

  it('Node.js and Python: dependencies installed by the build, bootstrap added', { timeout: 600_000 }, async () => {
    const node = await deploy(NODE_WITH_MS);
    expect((await call(node)).body).toEqual({ ms: 172_800_000, long: '2 minutes' });
    const python = await deploy(PYTHON_WITH_SIX);
    expect((await call(python)).body).toEqual({ text: 'café', six: '1.16.0' });
    expect(standIn.started.map((s) => s.buildspecOverride)).toEqual(
      expect.arrayContaining([expect.stringContaining('npm ci'), expect.stringContaining('pip install')]),
    );
  });

  it('PHP: the custom runtime bootstrap with PHP from the layer at /opt/bin/php', { timeout: 300_000 }, async () => {
    const record = (await deployFunction(deps, 'acct-builds', await PHP_EXAMPLE())).record;
    expect(lambdaApi.functions.get('fnquery-test-fn-hello-php')).toMatchObject({
      runtime: 'provided.al2023',
      handler: 'bootstrap',
      layers: [PHP_LAYER],
    });
    const reply = await deps.invoker.invoke(
      record,
      { method: 'POST', query: { greeting: 'Hi' }, headers: {}, body: { name: 'Ada' } },
      { timeoutMs: 30_000, log },
    );
    expect(reply.body).toEqual({ message: 'Hi, Ada!' });
  });

  it(
    'a build that fails: the log’s first lines to the owner, the version in service still answering',
    { timeout: 600_000 },
    async () => {
      const good: FunctionFixture = {
        shortname: 'go-redeploy',
        runtime: 'go122',
        entrypoint: 'Handler',
        requirements: POST_JSON,
        files: {
          'main.go':
            'package main\n\nfunc Handler(r map[string]any) (any, error) { return map[string]any{"v": 1}, nil }\n',
        },
      };
      const v1 = await deploy(good);
      expect((await call(v1)).body).toEqual({ v: 1 });
      const broken = {
        ...good,
        files: {
          'main.go': 'package main\n\nfunc Handler(r map[string]any) (any, error) { return undefinedName, nil }\n',
        },
      };
      const failure = await deploy(broken).catch((e: unknown) => e);
      expect(failure).toMatchObject({ status: 400, code: 'build_failed' });
      const message = (failure as Error).message;
      expect(message).toMatch(/undefined: undefinedName/);
      expect(message).not.toMatch(/\[Container\]|\/codebuild\/output/);
      expect((await call(v1)).body).toEqual({ v: 1 });
      expect((await deps.registry.get('go-redeploy'))?.version).toBe(1);
    },
  );
});
