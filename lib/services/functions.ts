// Function hosting: the registry, and the invoker the settings choose, each loaded on first use.
import { getConfig } from '../config';
import { rootLogger } from '../log';
import { ServiceError } from '../errors';
import { BlobDeploymentStore } from '../functions/build/blob-deployment-store';
import type { BuildDeps, SubmitDeps } from '../functions/build/deployments';
import type { BuildQueue, DeploymentStore } from '../functions/build/ports';
import type { InvokeDeps } from '../functions/invoke';
import type { HostingDeps } from '../functions/manage';
import type { FunctionInvoker, FunctionRegistry } from '../functions/ports';
import { dynamoAdapter } from './core';
import { onFirstUse } from './lazy';
import { blobs } from './storage';
import { webhookEvents } from './webhooks';

let registry: FunctionRegistry | undefined;
let invoker: FunctionInvoker | undefined;
let deployments: DeploymentStore | undefined;
let buildQueue: BuildQueue | undefined;

export function functionRegistry(): FunctionRegistry {
  const c = getConfig();
  registry ??= onFirstUse(() =>
    dynamoAdapter(
      () => Promise.all([import('../aws/dynamo-function-registry'), import('../functions/catalog-entry')]),
      ([m, entry], db) => new m.DynamoFunctionRegistry(db, c.aws.tables.functions, entry.catalogEntry),
    ),
  );
  return registry;
}

async function loadInvoker(): Promise<FunctionInvoker> {
  const c = getConfig();
  const s = c.functions;
  if (s.runtime === 'local') {
    const { ProcessInvoker } = await import('../functions/process-runtime/process-invoker');
    return new ProcessInvoker({
      blobs: blobs(),
      workDir: s.workDir,
      memoryMb: s.memoryMb,
      unsafeLocal: s.unsafeLocal,
      registries: s.buildRegistries,
      log: rootLogger(),
    });
  }
  const [{ LambdaInvoker }, { AwsLambdaApi }, { lambdaClient, logsClient, codebuildClient }, { withTracing }] =
    await Promise.all([
      import('../functions/lambda-invoker'),
      import('../aws/lambda-api'),
      import('../aws/lambda-client'),
      import('../aws/tracing'),
    ]);
  const logs = await withTracing(logsClient(c.aws));
  // Only the build worker's Lambda names the project; the others deploy nothing that needs a build.
  const builds = s.buildsProject && {
    builds: new (await import('../aws/codebuild-builds')).CodeBuildBuilds(
      await withTracing(codebuildClient(c.aws)),
      logs,
      { project: s.buildsProject, bucket: c.aws.bucket },
    ),
    blobs: blobs(),
  };
  return new LambdaInvoker(new AwsLambdaApi(await withTracing(lambdaClient(c.aws)), logs), {
    stage: c.stage,
    roleArn: s.roleArn!,
    timeoutMs: s.timeoutMs,
    memoryMb: s.memoryMb,
    reservedConcurrency: s.reservedConcurrency,
    logRetentionDays: s.logRetentionDays,
    ...(builds && { builds }),
    phpLayerArn: s.phpLayerArn,
  });
}

export function functionInvoker(): FunctionInvoker {
  invoker ??= onFirstUse(loadInvoker);
  return invoker;
}

export const hostingDeps = (): Omit<HostingDeps, 'log'> => ({
  registry: functionRegistry(),
  blobs: blobs(),
  invoker: functionInvoker(),
});

export const invokeDeps = (): InvokeDeps => ({
  registry: functionRegistry(),
  invoker: functionInvoker(),
  settings: getConfig().functions,
});

export function deploymentStore(): DeploymentStore {
  deployments ??= new BlobDeploymentStore(blobs());
  return deployments;
}

export function builds(): BuildQueue {
  const { aws } = getConfig();
  buildQueue ??= onFirstUse(async () => {
    if (!aws.buildsQueueUrl)
      throw new ServiceError(503, 'builds_unconfigured', {
        issue: 'This service has no builds queue, so it cannot deploy functions',
        advice: 'The operator sets FNQ_BUILDS_QUEUE_URL (serverless.yml does it for deployed stages)',
      });
    const [{ SqsBuildQueue }, { sqsClient }] = await Promise.all([
      import('../aws/sqs-build-queue'),
      import('../aws/sqs-client'),
    ]);
    return new SqsBuildQueue(sqsClient(aws), aws.buildsQueueUrl);
  });
  return buildQueue;
}

export const submitDeps = (): Omit<SubmitDeps, 'log'> => ({
  registry: functionRegistry(),
  blobs: blobs(),
  deployments: deploymentStore(),
  queue: builds(),
});

export const buildDeps = (): Omit<BuildDeps, 'log'> => ({
  ...hostingDeps(),
  deployments: deploymentStore(),
  events: webhookEvents(),
});
