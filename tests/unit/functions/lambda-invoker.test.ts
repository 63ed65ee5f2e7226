// The AWS Lambda invoker (lib/functions/lambda-invoker.ts over lib/aws/lambda-api.ts) against the SDK's client mock: AWS cannot be reached from here, so these
// tests pin the calls made (names, runtime mapping, bootstrap, payloads) and the error mapping.
import { afterEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { runtimeInfo } from '../../../lib/spec/runtimes';
import {
  CreateFunctionCommand,
  DeleteFunctionCommand,
  GetFunctionCommand,
  GetFunctionConfigurationCommand,
  InvokeCommand,
  LambdaClient,
  PutFunctionConcurrencyCommand,
  ResourceNotFoundException,
  UpdateFunctionCodeCommand,
  UpdateFunctionConfigurationCommand,
} from '@aws-sdk/client-lambda';
import {
  CloudWatchLogsClient,
  CreateLogGroupCommand,
  PutRetentionPolicyCommand,
  ResourceAlreadyExistsException,
} from '@aws-sdk/client-cloudwatch-logs';
import { readBundle } from '../../../lib/functions/bundle';
import { AwsLambdaApi } from '../../../lib/aws/lambda-api';
import { LambdaInvoker, lambdaName } from '../../../lib/functions/lambda-invoker';
import type { FunctionRecord } from '../../../lib/functions/ports';
import { createLogger } from '../../../lib/log';
import { validateSpec } from '../../../lib/spec/index';
import { bundleOf, functionDir, specFor, type FunctionFixture } from './support';

const lambda = mockClient(LambdaClient);
const logs = mockClient(CloudWatchLogsClient);
afterEach(() => {
  lambda.reset();
  logs.reset();
});

const invoker = new LambdaInvoker(
  new AwsLambdaApi(new LambdaClient({ region: 'eu-west-1' }), new CloudWatchLogsClient({ region: 'eu-west-1' }), 5),
  {
    stage: 'prod',
    roleArn: 'arn:aws:iam::123456789012:role/fn-exec',
    timeoutMs: 10_000,
    memoryMb: 256,
    reservedConcurrency: 3,
    logRetentionDays: 30,
  },
);
const log = createLogger({ sink: () => undefined });

const notFound = () => new ResourceNotFoundException({ message: 'Function not found', $metadata: {} });
const notFoundOn = (
  command: typeof GetFunctionConfigurationCommand | typeof InvokeCommand | typeof DeleteFunctionCommand,
) => lambda.on(command).rejects(notFound());

async function fixture(f: FunctionFixture): Promise<{ fn: FunctionRecord; code: Uint8Array }> {
  const code = await bundleOf(await functionDir(f));
  const spec = validateSpec(specFor(f)).spec!;
  return {
    fn: {
      shortname: spec.shortname,
      owner: 'a',
      version: 3,
      runtime: spec.runtime,
      spec,
      codeKey: 'k',
      codeBytes: code.length,
      codeSha256: 'x',
      createdAt: 1,
      updatedAt: 2,
    },
    code,
  };
}

const PYTHON: FunctionFixture = {
  shortname: 'Weather',
  runtime: 'python38',
  files: { 'main.py': 'def handler(r):\n    return 1\n' },
};
const active = { Configuration: { State: 'Active' as const, LastUpdateStatus: 'Successful' as const } };

describe('deploying to AWS Lambda', () => {
  it('creates a Lambda on the mapped runtime with the bootstrap, an entry-only environment, the execution role and a concurrency cap', async () => {
    notFoundOn(GetFunctionConfigurationCommand);
    lambda.on(CreateFunctionCommand).resolves({});
    lambda.on(GetFunctionCommand).resolves(active);
    lambda.on(PutFunctionConcurrencyCommand).resolves({});
    // Secrets of the service process must not reach the function's environment.
    process.env.FNQ_JWT_SECRET_FOR_THIS_TEST = 'service-secret-value';
    const { fn, code } = await fixture(PYTHON);
    await invoker.deploy(fn, code);
    expect(lambda.commandCalls(PutFunctionConcurrencyCommand)[0]!.args[0].input).toEqual({
      FunctionName: 'fnquery-prod-fn-weather',
      ReservedConcurrentExecutions: 3,
    });
    expect(JSON.stringify(lambda.commandCalls(CreateFunctionCommand)[0]!.args[0].input.Environment)).not.toContain(
      'service-secret-value',
    );
    expect(
      Object.keys(lambda.commandCalls(CreateFunctionCommand)[0]!.args[0].input.Environment!.Variables!).sort(),
    ).toEqual(['FNQ_ENTRYPOINT', 'FNQ_ENTRY_FILE']);
    const [create] = lambda.commandCalls(CreateFunctionCommand);
    const input = create!.args[0].input;
    expect(input).toMatchObject({
      FunctionName: 'fnquery-prod-fn-weather',
      // python38 is retired on Lambda: it deploys to the nearest supported version.
      Runtime: runtimeInfo('python38')!.lambdaRuntime,
      Handler: 'fnq_bootstrap.handler',
      Role: 'arn:aws:iam::123456789012:role/fn-exec',
      Timeout: 10,
      MemorySize: 256,
      PackageType: 'Zip',
      Environment: { Variables: { FNQ_ENTRY_FILE: 'main.py', FNQ_ENTRYPOINT: 'handler' } },
    });
    const files = readBundle(input.Code!.ZipFile!);
    expect([...files.keys()].sort()).toEqual(['fnq_bootstrap.py', 'main.py', 'spec.json']);
    expect(Buffer.from(files.get('fnq_bootstrap.py')!).toString()).toMatch(/def handler\(request, context\)/);
    // The log group exists from the deploy on, with a retention, rather than being made by the first call with none.
    expect(logs.commandCalls(CreateLogGroupCommand)[0]!.args[0].input).toEqual({
      logGroupName: '/aws/lambda/fnquery-prod-fn-weather',
    });
    expect(logs.commandCalls(PutRetentionPolicyCommand)[0]!.args[0].input).toEqual({
      logGroupName: '/aws/lambda/fnquery-prod-fn-weather',
      retentionInDays: 30,
    });
  });

  it('sets the retention again on a redeploy, when the log group already exists', async () => {
    lambda.on(GetFunctionConfigurationCommand).resolves({});
    lambda.on(UpdateFunctionCodeCommand).resolves({});
    lambda.on(UpdateFunctionConfigurationCommand).resolves({});
    lambda.on(GetFunctionCommand).resolves(active);
    lambda.on(PutFunctionConcurrencyCommand).resolves({});
    logs.on(CreateLogGroupCommand).rejects(new ResourceAlreadyExistsException({ message: 'exists', $metadata: {} }));
    const { fn, code } = await fixture(PYTHON);
    await invoker.deploy(fn, code);
    expect(logs.commandCalls(PutRetentionPolicyCommand)[0]!.args[0].input.retentionInDays).toBe(30);
  });

  it('updates code, then configuration, of a Lambda that exists', async () => {
    lambda.on(GetFunctionConfigurationCommand).resolves({});
    lambda.on(UpdateFunctionCodeCommand).resolves({});
    lambda.on(UpdateFunctionConfigurationCommand).resolves({});
    lambda.on(GetFunctionCommand).resolves(active);
    lambda.on(PutFunctionConcurrencyCommand).resolves({});
    const { fn, code } = await fixture({
      shortname: 'greet',
      runtime: 'nodejs20',
      files: { 'index.js': 'exports.handler = () => 1;' },
    });
    await invoker.deploy(fn, code);
    expect(lambda.commandCalls(CreateFunctionCommand)).toHaveLength(0);
    expect(lambda.commandCalls(UpdateFunctionCodeCommand)[0]!.args[0].input.FunctionName).toBe('fnquery-prod-fn-greet');
    expect(lambda.commandCalls(UpdateFunctionConfigurationCommand)[0]!.args[0].input).toMatchObject({
      Runtime: runtimeInfo('nodejs20')!.lambdaRuntime,
      Handler: 'fnq_bootstrap.handler',
      Environment: { Variables: { FNQ_ENTRY_FILE: 'index.js', FNQ_ENTRYPOINT: 'handler' } },
      Timeout: 10,
      MemorySize: 256,
      Role: 'arn:aws:iam::123456789012:role/fn-exec',
    });
    expect(lambda.commandCalls(PutFunctionConcurrencyCommand)[0]!.args[0].input.ReservedConcurrentExecutions).toBe(3);
  });

  it('refuses what needs a build without a build project, and PHP without its layer, before calling AWS', async () => {
    const java = await fixture({
      shortname: 'javafn',
      runtime: 'java17',
      files: { 'Main.java': 'public class Main {}' },
    });
    const php = await fixture({
      shortname: 'phpfn',
      runtime: 'php82',
      files: { 'index.php': '<?php function handler($r) { return 1; }' },
    });
    for (const { fn, code } of [java, php]) {
      await expect(invoker.build(fn, code)).rejects.toMatchObject({ status: 400, code: 'runtime_unavailable' });
      await expect(invoker.deploy(fn, code)).rejects.toMatchObject({ status: 400, code: 'runtime_unavailable' });
    }
    await expect(invoker.build(php.fn, php.code)).rejects.toThrow(/FNQ_FUNCTIONS_PHP_LAYER_ARN/);
    await expect(invoker.build(java.fn, java.code)).rejects.toThrow(/FNQ_FUNCTION_BUILDS_PROJECT/);
    expect(lambda.calls()).toHaveLength(0);
  });

  it('keeps long Lambda names within 64 characters, distinct per shortname', () => {
    const a = lambdaName('production', 'a'.repeat(64));
    const b = lambdaName('production', `${'a'.repeat(63)}b`);
    expect(a.length).toBeLessThanOrEqual(64);
    expect(a).not.toBe(b);
  });

  it('deletes the Lambda, and treats an absent one as deleted', async () => {
    const { fn } = await fixture(PYTHON);
    notFoundOn(DeleteFunctionCommand);
    await expect(invoker.remove(fn)).resolves.toBeUndefined();
    expect(lambda.commandCalls(DeleteFunctionCommand)[0]!.args[0].input.FunctionName).toBe('fnquery-prod-fn-weather');
  });
});

describe('invoking a function Lambda', () => {
  const payload = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)) as never;
  const request = { method: 'GET', query: { city: 'Oslo' }, headers: {}, body: null };

  it('invokes synchronously with the request object and returns the body', async () => {
    lambda.on(InvokeCommand).resolves({ StatusCode: 200, Payload: payload({ body: { temp: 3 } }) });
    const { fn } = await fixture(PYTHON);
    expect(await invoker.invoke(fn, request, { timeoutMs: 10_000, log })).toEqual({ body: { temp: 3 } });
    const input = lambda.commandCalls(InvokeCommand)[0]!.args[0].input;
    expect(input.InvocationType).toBe('RequestResponse');
    expect(JSON.parse(Buffer.from(input.Payload as Uint8Array).toString())).toEqual(request);
  });

  it.each([
    [{ errorMessage: '2026-11-21T07:00:00Z abc Task timed out after 10.01 seconds' }, 504, 'function_timeout'],
    [{ errorType: 'ValueError', errorMessage: 'no such city' }, 502, 'function_error'],
    [
      { errorType: 'Runtime.ImportModuleError', errorMessage: "Unable to import module 'fnq_bootstrap'" },
      502,
      'function_crashed',
    ],
  ])('maps the function error %j to %i', async (error, status, code) => {
    lambda.on(InvokeCommand).resolves({ StatusCode: 200, FunctionError: 'Unhandled', Payload: payload(error) });
    const { fn } = await fixture(PYTHON);
    await expect(invoker.invoke(fn, request, { timeoutMs: 10_000, log })).rejects.toMatchObject({ status, code });
  });

  it('reports a missing Lambda as a crash that a redeploy fixes', async () => {
    notFoundOn(InvokeCommand);
    const { fn } = await fixture(PYTHON);
    await expect(invoker.invoke(fn, request, { timeoutMs: 10_000, log })).rejects.toMatchObject({
      status: 502,
      message: expect.stringMatching(/deploy it again/),
    });
  });
});
