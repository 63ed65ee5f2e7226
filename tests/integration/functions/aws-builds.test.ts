// The AWS build path end to end, with the real SDK clients: the Lambda invoker's build goes to
// CodeBuild (moto's server, the project created from deploy/function-builds.yml; the buildspec the
// adapter sends carried out by codebuild-stand-in.ts, as moto runs nothing) through the service
// bucket (moto's S3), and the artifact becomes a Lambda on a loopback Lambda API whose functions run
// under AWS's Runtime Interface Emulator (tests/support/rie-lambda-service.ts): Go's `bootstrap` on
// the OS-only runtime with a module from go.sum, Java's jar under AWS's Java runtime interface
// client with a pom.xml dependency, Node and Python with a real dependency, PHP's bootstrap with
// this machine's /usr/bin/php standing in for the operator's layer at /opt/bin/php. Then a build
// that fails: its log's first lines reach the owner, and the version in service keeps answering.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { DescribeLogGroupsCommand } from '@aws-sdk/client-cloudwatch-logs';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directoryFiles, writeBundle } from '../../../lib/functions/bundle';
import { deployFunction } from '../../../lib/functions/deploy';
import { createLogger } from '../../../lib/log';
import { runtimeInfo } from '../../../lib/spec/index';
import { PROJECT_ROOT } from '../../../local/serverless-config';
import { motoUnavailableReason } from '../../support/moto-tools';
import { bundleOf, functionDir, type FunctionFixture } from '../../unit/functions/support';
import { BUCKET, PHP_LAYER, PROJECT, startAwsBuildStack, type AwsBuildStack } from './aws-build-stack';
import { GO_WITH_UUID, JAVA_WITH_ORG_JSON, NODE_WITH_MS, POST_JSON, PYTHON_WITH_SIX } from './dependency-fixtures';

const unavailable = motoUnavailableReason();
const log = createLogger({ sink: () => undefined });
let stack: AwsBuildStack;

beforeAll(async () => {
  if (!unavailable) stack = await startAwsBuildStack();
}, 1_200_000);

afterAll(async () => {
  await stack?.stop();
});

async function deploy(f: FunctionFixture) {
  const dir = await functionDir(f);
  try {
    return (await deployFunction(stack.deps, 'acct-builds', await bundleOf(dir))).record;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const call = (record: Awaited<ReturnType<typeof deploy>>, body: unknown = { text: 'x' }) =>
  stack.deps.invoker.invoke(record, { method: 'POST', query: {}, headers: {}, body }, { timeoutMs: 30_000, log });

const PHP_EXAMPLE = async () => {
  const files = await directoryFiles(join(PROJECT_ROOT, 'examples/functions/php'));
  return writeBundle(files);
};

describe.skipIf(unavailable)('builds on AWS: CodeBuild (moto + stand-in executor) → Lambda (RIE)', () => {
  it('Go: a bootstrap for provided.al2023 with a module from go.sum', { timeout: 600_000 }, async () => {
    const record = await deploy(GO_WITH_UUID);
    const started = stack.standIn.started.at(-1)!;
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
    const fn = stack.lambdaApi.functions.get('fnquery-test-fn-dep-go')!;
    expect(fn).toMatchObject({ runtime: 'provided.al2023', handler: 'bootstrap' });
    // uuid.NewSHA1: a version-5 UUID, the same on every call.
    const { body } = await call(record);
    expect((body as { id: string }).id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect((await call(record)).body).toEqual(body);
    // The build's source and artifact are gone; the bundle stays as the version's code.
    const keys = (await stack.s3.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents?.map((o) => o.Key) ?? [];
    expect(keys.filter((k) => k?.includes('dep-go'))).toEqual([record.codeKey]);
    const created = await stack.logs.send(
      new DescribeLogGroupsCommand({ logGroupNamePrefix: '/aws/lambda/fnquery-test-fn-dep-go' }),
    );
    expect(created.logGroups?.[0]?.retentionInDays).toBe(7);
  });

  it(
    'Java: lib/ jars under the Java runtime interface client, a pom.xml dependency',
    { timeout: 600_000 },
    async () => {
      const record = await deploy(JAVA_WITH_ORG_JSON);
      expect(stack.lambdaApi.functions.get('fnquery-test-fn-dep-java')).toMatchObject({
        runtime: runtimeInfo('java17')!.lambdaRuntime,
        handler: 'FnqLambdaHandler::handleRequest',
      });
      expect((await call(record)).body).toEqual({ json: '{"n":3}' });
      // The entrypoint's exception: the invocation's error, a 502 with its message (not a crash).
      const throwing = await deploy({
        shortname: 'java-throws',
        runtime: 'java17',
        requirements: POST_JSON,
        files: {
          'Main.java':
            'import java.util.Map;\npublic class Main {\n  public static Object handler(Map<String, Object> r) {\n    throw new IllegalStateException("no " + ((Map<?, ?>) r.get("body")).get("text"));\n  }\n}\n',
        },
      });
      await expect(call(throwing, { text: 'beans' })).rejects.toMatchObject({
        status: 502,
        message: expect.stringMatching(/IllegalStateException: no beans/),
      });
    },
  );

  it('Node.js and Python: dependencies installed by the build, bootstrap added', { timeout: 600_000 }, async () => {
    const node = await deploy(NODE_WITH_MS);
    expect((await call(node)).body).toEqual({ ms: 172_800_000, long: '2 minutes' });
    const python = await deploy(PYTHON_WITH_SIX);
    expect((await call(python)).body).toEqual({ text: 'café', six: '1.16.0' });
    expect(stack.standIn.started.map((s) => s.buildspecOverride)).toEqual(
      expect.arrayContaining([expect.stringContaining('npm ci'), expect.stringContaining('pip install')]),
    );
  });

  it('PHP: the custom runtime bootstrap with PHP from the layer at /opt/bin/php', { timeout: 300_000 }, async () => {
    const record = (await deployFunction(stack.deps, 'acct-builds', await PHP_EXAMPLE())).record;
    expect(stack.lambdaApi.functions.get('fnquery-test-fn-hello-php')).toMatchObject({
      runtime: 'provided.al2023',
      handler: 'bootstrap',
      layers: [PHP_LAYER],
    });
    const reply = await stack.deps.invoker.invoke(
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
      expect((await stack.deps.registry.get('go-redeploy'))?.version).toBe(1);
    },
  );
});
