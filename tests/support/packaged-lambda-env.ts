// A packaged Lambda's settings as the compiled template gives them to AWS: handler, timeout, memory and
// environment, its references resolved to the local emulators' names, plus the endpoints that send its SDK
// clients (ours, and LanceDB's native S3 and DynamoDB clients) to those emulators instead of AWS.
import { join } from 'node:path';
import type { Emulators } from '../../local/emulators';
import { runUnderRie, type RieLambda } from './lambda-rie';
import type { Packaged } from './packaged-service';

/** serverless names a function `fooBar`'s resource `FooBarLambdaFunction`. */
const resourceOf = (pkg: Packaged, name: string) => {
  const resource = pkg.template.Resources[`${name.charAt(0).toUpperCase()}${name.slice(1)}LambdaFunction`];
  if (!resource) throw new Error(`the template has no Lambda ${name}`);
  return resource.Properties as {
    Handler: string;
    Runtime: string;
    Timeout?: number;
    MemorySize?: number;
    Environment?: { Variables?: Record<string, unknown> };
  };
};

export function lambdaSettings(pkg: Packaged, name: string) {
  const p = resourceOf(pkg, name);
  return { handler: p.Handler, runtime: p.Runtime, timeoutSeconds: p.Timeout ?? 6, memoryMb: p.MemorySize ?? 1024 };
}

export interface LocalEndpoints {
  emulators: Emulators;
  ssmUrl: string;
  lambdaUrl: string;
}

export function lambdaEnvironment(pkg: Packaged, name: string, local: LocalEndpoints): Record<string, string> {
  const { emulators } = local;
  const refs: Record<string, string> = {
    UploadsBucket: emulators.bucket,
    JobsQueue: emulators.queueUrl,
    BuildsQueue: emulators.buildsQueueUrl,
    WebhooksQueue: emulators.webhooksQueueUrl,
    LanceCommitsTable: emulators.env.FNQ_LANCE_COMMITS_TABLE!,
    'FunctionExecutionRole.Arn': 'arn:aws:iam::123456789012:role/fnquery-ci-function-execution',
  };
  const resolve = (value: unknown): string => {
    if (typeof value === 'string') return value;
    const v = value as Record<string, unknown>;
    if ('Fn::Join' in v) {
      const [sep, parts] = v['Fn::Join'] as [string, unknown[]];
      return parts.map(resolve).join(sep);
    }
    const ref = 'Ref' in v ? String(v.Ref) : 'Fn::GetAtt' in v ? (v['Fn::GetAtt'] as string[]).join('.') : undefined;
    if (ref && ref in refs) return refs[ref]!;
    throw new Error(`${name}: no local value for ${JSON.stringify(value)}`);
  };
  const fromTemplate = Object.fromEntries(
    Object.entries(resourceOf(pkg, name).Environment?.Variables ?? {}).map(([k, v]) => [k, resolve(v)]),
  );
  return {
    ...fromTemplate,
    FNQ_S3_ENDPOINT: emulators.endpoints.s3,
    FNQ_SQS_ENDPOINT: emulators.endpoints.sqs,
    FNQ_DYNAMODB_ENDPOINT: emulators.endpoints.dynamodb,
    FNQ_SSM_ENDPOINT: local.ssmUrl,
    // The hosted functions' Lambda client has no endpoint setting of ours: the SDK's own variable.
    AWS_ENDPOINT_URL_LAMBDA: local.lambdaUrl,
    // The same loopback server answers the CloudWatch Logs calls of a deploy (the function's log group).
    AWS_ENDPOINT_URL_CLOUDWATCH_LOGS: local.lambdaUrl,
    // LanceDB's native S3 store (object_store) and DynamoDB commit store read these variables.
    AWS_ENDPOINT: emulators.endpoints.s3,
    AWS_ALLOW_HTTP: 'true',
    DYNAMODB_ENDPOINT: emulators.endpoints.dynamodb,
    // Lambda gives the role's credentials in these; s3rver accepts only its own pair.
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
  };
}

/** The packaged Lambda `name` under the RIE, as AWS would run it, wired to the local endpoints. */
export function runPackagedLambda(pkg: Packaged, name: string, local: LocalEndpoints): Promise<RieLambda> {
  const settings = lambdaSettings(pkg, name);
  const { endpoints } = local.emulators;
  return runUnderRie({
    code: join(pkg.dir, `${name}.zip`),
    handler: settings.handler,
    runtime: 'nodejs',
    functionName: `fnquery-ci-${name}`,
    timeoutSeconds: settings.timeoutSeconds,
    memoryMb: settings.memoryMb,
    env: lambdaEnvironment(pkg, name, local),
    reach: [endpoints.s3, endpoints.sqs, endpoints.dynamodb, local.ssmUrl, local.lambdaUrl].map((url) =>
      Number(new URL(url).port),
    ),
  });
}
