// The packaged stack deployed into a local AWS that implements CloudFormation (moto): the compiled
// template and its zips go in through the real SDK clients the way `serverless deploy` sends them,
// the stack must reach CREATE_COMPLETE, take an update deploy to UPDATE_COMPLETE, and leave its
// data behind when removed. template.test.ts runs these on its own package, so CI packages once.
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CloudFormationClient,
  CreateStackCommand,
  DeleteStackCommand,
  DescribeStacksCommand,
  ListStackResourcesCommand,
  UpdateStackCommand,
} from '@aws-sdk/client-cloudformation';
import {
  CopyObjectCommand,
  CreateBucketCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  GetFunctionConcurrencyCommand,
  GetFunctionConfigurationCommand,
  LambdaClient,
  ListFunctionsCommand,
} from '@aws-sdk/client-lambda';
import { ListQueuesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { motoTools, motoUnavailableReason, startMoto, type MotoServer } from '../../support/moto-tools';
import type { CfnResource, Packaged } from '../../support/packaged-service';

type Template = Packaged['template'];
const STACK = 'fnquery-ci';
const ARTIFACTS = 'fnquery-ci-deployments';
const region = 'us-east-1';
const credentials = { accessKeyId: 'test', secretAccessKey: 'test' };

/**
 * The template as serverless compiles it for a deployment bucket that already exists
 * (`provider.deploymentBucket.name`): no bucket resource of its own, artifacts named by the bucket.
 * The zips must be in place before CreateStack creates the Lambdas from them.
 */
export function withDeploymentBucket(template: Template, bucket: string): Template {
  const copy = JSON.parse(JSON.stringify(template)) as Template;
  for (const id of Object.keys(copy.Resources))
    if (id.startsWith('ServerlessDeploymentBucket')) delete copy.Resources[id];
  for (const [id, output] of Object.entries(copy.Outputs ?? {}))
    if (JSON.stringify(output).includes('ServerlessDeploymentBucket')) delete copy.Outputs![id];
  return withStandIns(
    JSON.parse(
      JSON.stringify(copy).replaceAll('{"Ref":"ServerlessDeploymentBucket"}', JSON.stringify(bucket)),
    ) as Template,
  );
}

/**
 * Resource types moto's CloudFormation cannot create, with the ARN service of each. Such a resource is
 * taken out of the deployed copy, and its references become what AWS would give: its name for `Ref`, a
 * stand-in ARN for `GetAtt … Arn`. Its own shape is checked by the template's unit tests instead
 * (tests/unit/deploy/function-builds.test.ts for the CodeBuild project); docs/operations.md lists it.
 */
export const MOTO_UNSUPPORTED: Record<string, string> = { 'AWS::CodeBuild::Project': 'codebuild:project' };

export function withStandIns(template: Template): Template {
  let text = JSON.stringify(template);
  for (const [id, resource] of Object.entries(template.Resources)) {
    const kind = MOTO_UNSUPPORTED[resource.Type];
    if (!kind) continue;
    const name = (resource.Properties?.Name as string | undefined) ?? id;
    const [service, type] = kind.split(':');
    text = text
      .replaceAll(JSON.stringify({ Ref: id }), JSON.stringify(name))
      .replaceAll(
        JSON.stringify({ 'Fn::GetAtt': [id, 'Arn'] }),
        JSON.stringify(`arn:aws:${service}:${region}:123456789012:${type}/${name}`),
      );
  }
  const copy = JSON.parse(text) as Template;
  for (const [id, resource] of Object.entries(copy.Resources))
    if (MOTO_UNSUPPORTED[resource.Type]) delete copy.Resources[id];
  const left = JSON.stringify(copy);
  for (const id of Object.keys(template.Resources))
    if (MOTO_UNSUPPORTED[template.Resources[id]!.Type] && left.includes(`"${id}"`))
      throw new Error(`${id} is still referenced in a form the stand-in does not cover`);
  return copy;
}

const lambdaFunctions = (t: Template) =>
  Object.values(t.Resources).filter((r) => r.Type === 'AWS::Lambda::Function') as CfnResource[];
const codeKey = (fn: CfnResource) => (fn.Properties!.Code as { S3Key: string }).S3Key;

export function emulatorDeployTests(pkg: () => Packaged): void {
  describe('deployed into a local AWS (moto’s CloudFormation)', () => {
    const unavailable = motoUnavailableReason();
    let moto: MotoServer | undefined;
    let cfn: CloudFormationClient;
    let s3: S3Client;
    let template: Template;
    const client = <T>(Client: new (config: object) => T) =>
      new Client({ endpoint: moto!.endpoint, region, credentials, forcePathStyle: true });

    beforeAll(async () => {
      if (unavailable) return;
      moto = await startMoto(motoTools());
      cfn = client(CloudFormationClient);
      s3 = client(S3Client);
      template = withDeploymentBucket(pkg().template, ARTIFACTS);
      await s3.send(new CreateBucketCommand({ Bucket: ARTIFACTS }));
    }, 1_500_000);
    afterAll(() => moto?.stop());

    const skipped = (ctx: TestContext) => (unavailable ? (ctx.skip(unavailable), true) : false);

    /** Uploads the template where CloudFormation reads it, as serverless does (too big for a body). */
    async function templateUrl(t: Template, key: string): Promise<string> {
      await s3.send(new PutObjectCommand({ Bucket: ARTIFACTS, Key: key, Body: JSON.stringify(t) }));
      return `https://${ARTIFACTS}.s3.amazonaws.com/${key}`;
    }

    async function settled(): Promise<{ status: string; reason?: string }> {
      const deadline = Date.now() + 300_000;
      for (;;) {
        const [stack] = (await cfn.send(new DescribeStacksCommand({ StackName: STACK }))).Stacks!;
        if (!stack!.StackStatus!.endsWith('_IN_PROGRESS') || Date.now() > deadline)
          return { status: stack!.StackStatus!, reason: stack!.StackStatusReason };
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }

    /** How many resources the stack holds (moto fills in little else of each summary). */
    async function resourceCount(): Promise<number> {
      let count = 0;
      let NextToken: string | undefined;
      do {
        const page = await cfn.send(new ListStackResourcesCommand({ StackName: STACK, NextToken }));
        count += page.StackResourceSummaries!.length;
        NextToken = page.NextToken;
      } while (NextToken);
      return count;
    }

    it('creates every resource of the packaged template from its zips: CREATE_COMPLETE', async (ctx) => {
      if (skipped(ctx)) return;
      const started = Date.now();
      for (const fn of lambdaFunctions(template)) {
        const key = codeKey(fn);
        const body = readFileSync(join(pkg().dir, key.split('/').pop()!));
        await s3.send(new PutObjectCommand({ Bucket: ARTIFACTS, Key: key, Body: body }));
      }
      const uploaded = Date.now();
      await cfn.send(
        new CreateStackCommand({
          StackName: STACK,
          TemplateURL: await templateUrl(template, 'create.json'),
          Capabilities: ['CAPABILITY_IAM', 'CAPABILITY_NAMED_IAM'],
        }),
      );
      expect(await settled()).toEqual({ status: 'CREATE_COMPLETE', reason: undefined });
      const count = await resourceCount();
      console.log(
        `moto deploy: ${count} resources created in ${Date.now() - uploaded} ms ` +
          `(artifacts uploaded in ${uploaded - started} ms)`,
      );
      expect(count).toBe(Object.keys(template.Resources).length);

      // What the template asked for is what the services now hold: every Lambda from its zip, the
      // queues, the tables with deletion protection, the caps on the token-less routes.
      const lambda = client(LambdaClient);
      const deployed = ((await lambda.send(new ListFunctionsCommand({}))).Functions ?? []).map((f) => f.FunctionName);
      expect(deployed.sort()).toEqual(
        lambdaFunctions(template)
          .map((fn) => fn.Properties!.FunctionName as string)
          .sort(),
      );
      const queues = (await client(SQSClient).send(new ListQueuesCommand({}))).QueueUrls ?? [];
      expect(queues).toHaveLength(Object.values(template.Resources).filter((r) => r.Type === 'AWS::SQS::Queue').length);
      const dynamo = client(DynamoDBClient);
      for (const table of ['uploads', 'usage', 'functions', 'lance-commits']) {
        const { Table } = await dynamo.send(new DescribeTableCommand({ TableName: `${STACK}-${table}` }));
        expect(Table!.DeletionProtectionEnabled, table).toBe(true);
      }
      const health = await lambda.send(new GetFunctionConcurrencyCommand({ FunctionName: `${STACK}-health` }));
      expect(health.ReservedConcurrentExecutions).toBeGreaterThan(0);
    }, 600_000);

    it('takes an update deploy (new artifacts and version): UPDATE_COMPLETE, live on every Lambda', async (ctx) => {
      if (skipped(ctx)) return;
      const next = JSON.parse(JSON.stringify(template)) as Template;
      for (const fn of lambdaFunctions(next)) {
        // A new deploy uploads its zips under a new folder, as serverless does with a timestamp.
        const from = codeKey(fn);
        const to = from.replace(/\/([^/]+)$/, '-update/$1');
        await s3.send(new CopyObjectCommand({ Bucket: ARTIFACTS, Key: to, CopySource: `${ARTIFACTS}/${from}` }));
        (fn.Properties!.Code as { S3Key: string }).S3Key = to;
        (fn.Properties!.Environment as { Variables: Record<string, unknown> }).Variables.FNQ_VERSION = '0.1.0-update';
      }
      const started = Date.now();
      await cfn.send(
        new UpdateStackCommand({
          StackName: STACK,
          TemplateURL: await templateUrl(next, 'update.json'),
          Capabilities: ['CAPABILITY_IAM', 'CAPABILITY_NAMED_IAM'],
        }),
      );
      expect(await settled()).toEqual({ status: 'UPDATE_COMPLETE', reason: undefined });
      console.log(`moto update deploy: UPDATE_COMPLETE in ${Date.now() - started} ms`);
      const lambda = client(LambdaClient);
      for (const fn of lambdaFunctions(next)) {
        const name = fn.Properties!.FunctionName as string;
        const config = await lambda.send(new GetFunctionConfigurationCommand({ FunctionName: name }));
        expect(config.Environment!.Variables!.FNQ_VERSION, name).toBe('0.1.0-update');
      }
    }, 600_000);

    it('leaves the tables and the bucket behind when the stack is deleted, and nothing else', async (ctx) => {
      if (skipped(ctx)) return;
      await cfn.send(new DeleteStackCommand({ StackName: STACK }));
      const deadline = Date.now() + 300_000;
      let gone = false;
      while (!gone && Date.now() < deadline) {
        gone = await cfn.send(new DescribeStacksCommand({ StackName: STACK })).then(
          (r) => r.Stacks![0]!.StackStatus === 'DELETE_COMPLETE',
          (e: Error) => /does not exist/.test(e.message),
        );
        if (!gone) await new Promise((resolve) => setTimeout(resolve, 500));
      }
      expect(gone).toBe(true);
      const dynamo = client(DynamoDBClient);
      for (const table of ['uploads', 'usage', 'functions', 'lance-commits'])
        await expect(
          dynamo.send(new DescribeTableCommand({ TableName: `${STACK}-${table}` })),
          table,
        ).resolves.toBeDefined();
      const bucket = `${STACK}-uploads-123456789012-${region}`;
      await expect(s3.send(new HeadBucketCommand({ Bucket: bucket }))).resolves.toBeDefined();
      const functions = (await client(LambdaClient).send(new ListFunctionsCommand({}))).Functions ?? [];
      expect(functions.filter((f) => f.FunctionName!.startsWith(`${STACK}-`))).toEqual([]);
      expect((await client(SQSClient).send(new ListQueuesCommand({}))).QueueUrls ?? []).toEqual([]);
    }, 600_000);
  });
}
