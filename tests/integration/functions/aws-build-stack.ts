// The AWS build path on this machine, for aws-builds.test.ts and bench/aws-builds.ts: moto's server
// (S3 for the service bucket, CodeBuild with the project of deploy/function-builds.yml, CloudWatch
// Logs), the stand-in executor that carries out what StartBuild asked (codebuild-stand-in.ts), and
// a loopback Lambda API whose functions run under the Runtime Interface Emulator, with this
// machine's /usr/bin/php standing in for the operator's PHP layer. The Lambda invoker is the
// service's own, with the real SDK clients pointed at them.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CloudWatchLogsClient } from '@aws-sdk/client-cloudwatch-logs';
import { CodeBuildClient, CreateProjectCommand, type CreateProjectCommandInput } from '@aws-sdk/client-codebuild';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import yaml from 'js-yaml';
import { CodeBuildBuilds } from '../../../lib/aws/codebuild-builds';
import { AwsLambdaApi } from '../../../lib/aws/lambda-api';
import { S3BlobStore } from '../../../lib/aws/s3-blob-store';
import { LambdaInvoker } from '../../../lib/functions/lambda-invoker';
import type { HostingDeps } from '../../../lib/functions/manage';
import { createLogger } from '../../../lib/log';
import { PROJECT_ROOT } from '../../../local/serverless-config';
import { lambdaRuntimes } from '../../support/lambda-rie';
import { motoTools, startMoto, type MotoServer } from '../../support/moto-tools';
import { startRieLambdaService, type RieLambdaService } from '../../support/rie-lambda-service';
import { MemoryFunctionRegistry } from '../../unit/functions/support';
import { standInCodeBuild, type CodeBuildStandIn } from './codebuild-stand-in';

export const BUCKET = 'fnquery-test-uploads';
export const PROJECT = 'fnquery-test-function-builds';
export const PHP_LAYER = 'arn:aws:lambda:us-east-1:123456789012:layer:php82:1';
export const credentials = { accessKeyId: 'testing', secretAccessKey: 'testing' };

export interface AwsBuildStack {
  moto: MotoServer;
  lambdaApi: RieLambdaService;
  standIn: CodeBuildStandIn;
  deps: HostingDeps;
  s3: S3Client;
  logs: CloudWatchLogsClient;
  stop(): Promise<void>;
}

/** The template's project, as CloudFormation would create it (references resolved to this stack's names). */
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
    environment: { type: p.Environment.Type, image: p.Environment.Image, computeType: p.Environment.ComputeType },
    timeoutInMinutes: p.TimeoutInMinutes,
  };
}

export async function startAwsBuildStack(): Promise<AwsBuildStack> {
  await lambdaRuntimes();
  const moto = await startMoto(motoTools());
  const endpoint = moto.endpoint;
  const s3 = new S3Client({ region: 'us-east-1', endpoint, credentials, forcePathStyle: true });
  await s3.send(new CreateBucketCommand({ Bucket: BUCKET }));
  const logs = new CloudWatchLogsClient({ region: 'us-east-1', endpoint, credentials });
  const codebuild = new CodeBuildClient({ region: 'us-east-1', endpoint, credentials });
  await codebuild.send(new CreateProjectCommand(projectFromTemplate()));
  const standIn = standInCodeBuild(codebuild, { s3, logs, logGroup: `/aws/codebuild/${PROJECT}` });

  const layer = mkdtempSync(join(tmpdir(), 'fnq-php-layer-'));
  mkdirSync(join(layer, 'bin'));
  symlinkSync('/usr/bin/php', join(layer, 'bin', 'php'));
  const lambdaApi = await startRieLambdaService(undefined, { [PHP_LAYER]: layer });
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
  const log = createLogger({ sink: () => undefined });
  return {
    moto,
    lambdaApi,
    standIn,
    s3,
    logs,
    deps: { registry: new MemoryFunctionRegistry(), blobs, invoker, log },
    async stop() {
      await standIn.settled();
      await lambdaApi.stop();
      await moto.stop();
      rmSync(layer, { recursive: true, force: true });
    },
  };
}
