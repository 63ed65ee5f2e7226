// The AWS build path's calls and failures against the SDK's client mocks (CodeBuild, CloudWatch Logs,
// Lambda): what StartBuild is sent, how a build's status and log become the deployment's answer, and
// the paths moto cannot produce (a build that fails in CodeBuild's own phases, a timed-out follow, an
// artifact too large for Lambda, StartBuild refused). tests/integration/functions/aws-builds.test.ts
// runs the same code against moto and the RIE.
import { afterEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import {
  AccountLimitExceededException,
  BatchGetBuildsCommand,
  CodeBuildClient,
  StartBuildCommand,
} from '@aws-sdk/client-codebuild';
import { CloudWatchLogsClient, GetLogEventsCommand } from '@aws-sdk/client-cloudwatch-logs';
import {
  CreateFunctionCommand,
  GetFunctionCommand,
  GetFunctionConfigurationCommand,
  LambdaClient,
} from '@aws-sdk/client-lambda';
import { ResourceNotFoundException } from '@aws-sdk/client-lambda';
import { unzipSync, zipSync } from 'fflate';
import { CodeBuildBuilds } from '../../../lib/aws/codebuild-builds';
import { AwsLambdaApi } from '../../../lib/aws/lambda-api';
import { artifactKey, buildSourceKey, LAMBDA_ZIP_MAX_BYTES } from '../../../lib/functions/lambda-builds';
import { LambdaInvoker } from '../../../lib/functions/lambda-invoker';
import type { FunctionRecord } from '../../../lib/functions/ports';
import { validateSpec } from '../../../lib/spec/index';
import { MemoryBlobStore } from '../../support/memory-ingest-stores';
import { bundleOf, functionDir, specFor, type FunctionFixture } from './support';

const codebuild = mockClient(CodeBuildClient);
const logs = mockClient(CloudWatchLogsClient);
const lambda = mockClient(LambdaClient);
/** A Lambda that does not exist yet, and is active once created. */
function newLambda() {
  lambda.on(GetFunctionConfigurationCommand).rejects(new ResourceNotFoundException({ message: 'no', $metadata: {} }));
  lambda.on(CreateFunctionCommand).resolves({});
  lambda.on(GetFunctionCommand).resolves({ Configuration: { State: 'Active' } });
}

afterEach(() => {
  codebuild.reset();
  logs.reset();
  lambda.reset();
});

const BUCKET = 'svc-bucket';
const builds = new CodeBuildBuilds(new CodeBuildClient({ region: 'eu-west-1' }), new CloudWatchLogsClient({}), {
  project: 'fnquery-prod-function-builds',
  bucket: BUCKET,
});

function invokerWith(blobs: MemoryBlobStore, timeoutMs = 60_000) {
  return new LambdaInvoker(
    new AwsLambdaApi(new LambdaClient({ region: 'eu-west-1' }), new CloudWatchLogsClient({ region: 'eu-west-1' }), 5),
    {
      stage: 'prod',
      roleArn: 'arn:aws:iam::123456789012:role/fn-exec',
      timeoutMs: 10_000,
      memoryMb: 256,
      reservedConcurrency: 3,
      logRetentionDays: 30,
      builds: { builds, blobs, pollMs: 1, timeoutMs },
      phpLayerArn: 'arn:aws:lambda:eu-west-1:123456789012:layer:php:4',
    },
  );
}

const GO: FunctionFixture = {
  shortname: 'gofn',
  runtime: 'go122',
  entrypoint: 'Handler',
  files: { 'main.go': 'package main\n\nfunc Handler(r map[string]any) (any, error) { return 1, nil }\n' },
};

async function fixture(f: FunctionFixture): Promise<{ fn: FunctionRecord; code: Uint8Array }> {
  const code = await bundleOf(await functionDir(f));
  const spec = validateSpec(specFor(f)).spec!;
  const fn: FunctionRecord = {
    ...{ shortname: spec.shortname, owner: 'a', version: 2, runtime: spec.runtime, spec },
    ...{ codeKey: `functions/${spec.shortname}/v2-abcd/code.zip`, codeBytes: code.length, codeSha256: 'x' },
    ...{ createdAt: 1, updatedAt: 2 },
  };
  return { fn, code };
}

const BUILD_ID = 'fnquery-prod-function-builds:1b2c';

describe('building on CodeBuild', () => {
  it('starts the family buildspec on the bundle in S3 and deploys the artifact it leaves', async () => {
    const blobs = new MemoryBlobStore();
    const { fn, code } = await fixture(GO);
    codebuild.on(StartBuildCommand).resolves({ build: { id: BUILD_ID } });
    codebuild
      .on(BatchGetBuildsCommand)
      .resolvesOnce({ builds: [{ id: BUILD_ID, buildStatus: 'IN_PROGRESS', currentPhase: 'BUILD' }] })
      .callsFake(async () => {
        // The build "writes" its artifact as it ends.
        await blobs.put(artifactKey(fn.codeKey), zipSync({ bootstrap: new Uint8Array([0x7f, 0x45]) }));
        return { builds: [{ id: BUILD_ID, buildStatus: 'SUCCEEDED' }] };
      });
    newLambda();
    const invoker = invokerWith(blobs);
    await invoker.build(fn, code);

    const input = codebuild.commandCalls(StartBuildCommand)[0]!.args[0].input;
    expect(input).toMatchObject({
      projectName: 'fnquery-prod-function-builds',
      sourceTypeOverride: 'S3',
      sourceLocationOverride: `${BUCKET}/functions/gofn/v2-abcd/build-source.zip`,
      artifactsOverride: {
        type: 'S3',
        location: BUCKET,
        path: 'builds/gofn/v2-abcd',
        name: 'artifact.zip',
        namespaceType: 'NONE',
      },
    });
    expect(input.buildspecOverride).toMatch(/go build/);
    expect(input.environmentVariablesOverride).toEqual(
      expect.arrayContaining([{ name: 'FNQ_ENTRYPOINT', value: 'Handler', type: 'PLAINTEXT' }]),
    );
    expect(codebuild.commandCalls(BatchGetBuildsCommand)).toHaveLength(2);
    // The build's source is removed once the build has read it; the artifact waits for deploy.
    expect(await blobs.get(buildSourceKey(fn.codeKey), 1e9)).toBeUndefined();

    await invoker.deploy(fn, code);
    const created = lambda.commandCalls(CreateFunctionCommand)[0]!.args[0].input;
    expect(created).toMatchObject({ Runtime: 'provided.al2023', Handler: 'bootstrap', Layers: [] });
    expect(Object.keys(unzipSync(created.Code!.ZipFile!))).toEqual(['bootstrap']);
    expect(await blobs.get(artifactKey(fn.codeKey), 1e9)).toBeUndefined();
  });

  it('answers a failed build with its own output, not CodeBuild’s lines or folders', async () => {
    codebuild.on(StartBuildCommand).resolves({ build: { id: BUILD_ID } });
    codebuild.on(BatchGetBuildsCommand).resolves({
      builds: [
        {
          id: BUILD_ID,
          buildStatus: 'FAILED',
          phases: [
            {
              phaseType: 'BUILD',
              phaseStatus: 'FAILED',
              contexts: [{ message: 'COMMAND_EXECUTION_ERROR: exit status 1' }],
            },
          ],
          logs: { groupName: '/aws/codebuild/p', streamName: '1b2c' },
        },
      ],
    });
    logs.on(GetLogEventsCommand).resolves({
      events: [
        { message: '[Container] 2026/11/26 04:00:00 Running command go build -o /tmp/out/bootstrap .' },
        { message: '# function\n/codebuild/output/src123/src/main.go:3:48: undefined: nope' },
      ],
    });
    const { fn, code } = await fixture(GO);
    const failure = await invokerWith(new MemoryBlobStore())
      .build(fn, code)
      .catch((e: unknown) => e);
    expect(failure).toMatchObject({ status: 400, code: 'build_failed' });
    const text = (failure as Error).message;
    expect(text).toMatch(/main\.go:3:48: undefined: nope/);
    expect(text).toMatch(/COMMAND_EXECUTION_ERROR/);
    expect(text).not.toMatch(/\[Container\]|\/codebuild\/output/);
    expect(logs.commandCalls(GetLogEventsCommand)[0]!.args[0].input).toMatchObject({
      logGroupName: '/aws/codebuild/p',
      logStreamName: '1b2c',
      startFromHead: true,
    });
  });

  it('still answers a failed build whose log cannot be read, with the phase’s reason', async () => {
    codebuild.on(StartBuildCommand).resolves({ build: { id: BUILD_ID } });
    codebuild.on(BatchGetBuildsCommand).resolves({
      builds: [
        {
          id: BUILD_ID,
          buildStatus: 'FAULT',
          phases: [
            {
              phaseType: 'PROVISIONING',
              phaseStatus: 'FAULT',
              contexts: [{ message: 'BUILD_CONTAINER_UNABLE_TO_PULL_IMAGE' }],
            },
          ],
          logs: { groupName: '/aws/codebuild/p', streamName: '1b2c' },
        },
      ],
    });
    logs.on(GetLogEventsCommand).rejects(new Error('AccessDeniedException'));
    const { fn, code } = await fixture(GO);
    await expect(invokerWith(new MemoryBlobStore()).build(fn, code)).rejects.toMatchObject({
      code: 'build_failed',
      message: expect.stringMatching(/BUILD_CONTAINER_UNABLE_TO_PULL_IMAGE \(the build log could not be read\)/),
    });
  });

  it('gives up following a build past its deadline, and passes StartBuild’s refusal on', async () => {
    const { fn, code } = await fixture(GO);
    codebuild.on(StartBuildCommand).resolves({ build: { id: BUILD_ID } });
    codebuild.on(BatchGetBuildsCommand).resolves({ builds: [{ id: BUILD_ID, buildStatus: 'IN_PROGRESS' }] });
    await expect(invokerWith(new MemoryBlobStore(), 20).build(fn, code)).rejects.toMatchObject({
      code: 'build_failed',
      message: expect.stringMatching(/did not end within 20 ms/),
    });
    codebuild.reset();
    codebuild
      .on(StartBuildCommand)
      .rejects(new AccountLimitExceededException({ message: 'Cannot have more than 2 builds', $metadata: {} }));
    const blobs = new MemoryBlobStore();
    await expect(invokerWith(blobs).build(fn, code)).rejects.toThrow(/more than 2 builds/);
    expect(await blobs.get(buildSourceKey(fn.codeKey), 1e9)).toBeUndefined();
  });

  it('refuses an artifact Lambda would not take, naming the limit', async () => {
    const blobs = new MemoryBlobStore();
    const { fn, code } = await fixture(GO);
    await blobs.put(artifactKey(fn.codeKey), new Uint8Array(LAMBDA_ZIP_MAX_BYTES + 1));
    await expect(invokerWith(blobs).deploy(fn, code)).rejects.toMatchObject({
      status: 413,
      code: 'artifact_too_large',
    });
    expect(lambda.calls()).toHaveLength(0);
  });

  it('deploys Node and Python bundles without dependencies as they are, with the bootstrap, no build', async () => {
    const { fn, code } = await fixture({
      shortname: 'plain',
      files: { 'index.mjs': 'export const handler = () => 1;' },
    });
    newLambda();
    const invoker = invokerWith(new MemoryBlobStore());
    await invoker.build(fn, code);
    await invoker.deploy(fn, code);
    expect(codebuild.calls()).toHaveLength(0);
    const created = lambda.commandCalls(CreateFunctionCommand)[0]!.args[0].input;
    expect(Object.keys(unzipSync(created.Code!.ZipFile!)).sort()).toEqual([
      'fnq_bootstrap.mjs',
      'index.mjs',
      'spec.json',
    ]);
  });
});
