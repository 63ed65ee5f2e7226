// One IAM role per Lambda, and its throttle alarm, built from `custom.roles` in serverless.yml: each
// function lists the grants its handler uses and gets exactly those, plus its own log group and
// X-Ray. serverless.yml lists the result as one item of `resources` and gives each function
// `role: <FunctionName>Role` (roleId below). A function without an entry fails packaging here, so
// no Lambda can fall back to a shared role. CommonJS because serverless loads variable files with
// require().
'use strict';

const SERVICE_PREFIX = (service, stage) => `${service}-${stage}`;
/** The operator's PHP layer version (docs/functions.md), read when the template is packaged. */
const PHP_LAYER_ARN = process.env.FNQ_FUNCTIONS_PHP_LAYER_ARN?.trim() || undefined;

const join = (...parts) => ({ 'Fn::Join': ['', parts] });
const arnOf = (logicalId) => ({ 'Fn::GetAtt': [logicalId, 'Arn'] });
const regionAccount = (service) => [`arn:aws:${service}:`, { Ref: 'AWS::Region' }, ':', { Ref: 'AWS::AccountId' }, ':'];
const bucketObjects = (prefix) => join(arnOf('UploadsBucket'), `/${prefix}*`);
const eachPrefix = (prefixes) => (Array.isArray(prefixes) ? prefixes : [prefixes]);

const dynamo = (actions, resource) => ({
  Effect: 'Allow',
  Action: actions.map((a) => `dynamodb:${a}`),
  Resource: resource,
});
const s3Objects = (actions, prefixes) => ({
  Effect: 'Allow',
  Action: actions.map((a) => `s3:${a}`),
  Resource: eachPrefix(prefixes).map(bucketObjects),
});
const s3List = (prefix) => ({
  Effect: 'Allow',
  Action: ['s3:ListBucket'],
  Resource: arnOf('UploadsBucket'),
  Condition: { StringLike: { 's3:prefix': [`${prefix}*`] } },
});

// Key prefixes in the uploads bucket (lib/ingest/object-key.ts, lib/functions/manage.ts, FNQ_LANCE_URI).
// Upload files: direct uploads under accounts/, files PUT to upload URLs under incoming/accounts/.
const UPLOADS = ['accounts/', 'incoming/accounts/'];
const FUNCTION_CODE = 'functions/';
// Deployment records (lib/functions/build/blob-deployment-store.ts).
const DEPLOYMENTS = 'deployments/';
const VECTORS = 'lancedb/';
// Dense embedding models the embedding Lambdas read at cold start (FNQ_MODELS_S3_URI=s3://<bucket>/models/).
const MODELS = 'models/';

/** Grant name → statements. `ctx` has the service, stage and secret parameter names. */
const GRANTS = {
  usageWrite: () => [dynamo(['UpdateItem'], arnOf('UsageTable'))],
  usageRead: () => [dynamo(['Query'], arnOf('UsageTable'))],
  uploadsRead: () => [dynamo(['GetItem', 'Query'], arnOf('UploadsTable'))],
  uploadsWrite: () => [dynamo(['GetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'], arnOf('UploadsTable'))],
  // The ingestion sweep reads every unfinished upload, of every account, from the sparse index.
  uploadsUnfinished: () => [dynamo(['Query'], join(arnOf('UploadsTable'), '/index/unfinished'))],
  uploadFilesWrite: () => [s3Objects(['PutObject'], UPLOADS)],
  uploadFilesRead: () => [s3Objects(['GetObject'], UPLOADS)],
  modelsRead: () => [s3Objects(['GetObject'], MODELS)],
  uploadFilesDelete: () => [s3Objects(['DeleteObject'], UPLOADS)],
  jobsSend: () => [{ Effect: 'Allow', Action: ['sqs:SendMessage'], Resource: arnOf('JobsQueue') }],
  // The sweep's on-failure destination: Lambda sends a failed run's record with the function's role.
  sweepFailuresSend: () => [
    { Effect: 'Allow', Action: ['sqs:SendMessage'], Resource: arnOf('IngestSweepFailuresQueue') },
  ],
  // What the SQS event source mapping does with the function's role.
  jobsConsume: () => [
    {
      Effect: 'Allow',
      Action: ['sqs:ReceiveMessage', 'sqs:DeleteMessage', 'sqs:GetQueueAttributes', 'sqs:ChangeMessageVisibility'],
      Resource: arnOf('JobsQueue'),
    },
  ],
  vectorsRead: () => [
    s3Objects(['GetObject'], VECTORS),
    s3List(VECTORS),
    dynamo(['GetItem', 'Query'], arnOf('LanceCommitsTable')),
  ],
  vectorsWrite: () => [
    s3Objects(['GetObject', 'PutObject', 'DeleteObject', 'AbortMultipartUpload'], VECTORS),
    s3List(VECTORS),
    dynamo(['GetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'], arnOf('LanceCommitsTable')),
  ],
  functionsRead: () => [dynamo(['GetItem'], arnOf('FunctionsTable'))],
  functionsList: () => [dynamo(['Query'], join(arnOf('FunctionsTable'), '/index/byOwner'))],
  // Every account's functions: MCP's tools/list (any account may invoke any function).
  functionsScan: () => [dynamo(['Scan'], arnOf('FunctionsTable'))],
  // The catalog: the revision item and the sparse index of entries (no Scan).
  functionsCatalog: () => [
    dynamo(['GetItem'], arnOf('FunctionsTable')),
    dynamo(['Query'], join(arnOf('FunctionsTable'), '/index/catalog')),
  ],
  // UpdateItem: the catalog revision, bumped in the same transaction as every register and remove.
  functionsWrite: () => [dynamo(['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'], arnOf('FunctionsTable'))],
  functionCodeWrite: () => [s3Objects(['PutObject', 'DeleteObject'], FUNCTION_CODE)],
  functionCodeDelete: () => [s3Objects(['DeleteObject'], FUNCTION_CODE)],
  functionCodeRead: () => [s3Objects(['GetObject'], FUNCTION_CODE)],
  deploymentsRead: () => [s3Objects(['GetObject'], DEPLOYMENTS)],
  deploymentsWrite: () => [s3Objects(['GetObject', 'PutObject'], DEPLOYMENTS)],
  // The CodeBuild project of deploy/function-builds.yml: start a build, follow it, read a failed
  // build's log, read and then remove its artifact (lib/functions/lambda-builds.ts).
  functionBuildsRun: () => [
    {
      Effect: 'Allow',
      Action: ['codebuild:StartBuild', 'codebuild:BatchGetBuilds'],
      Resource: arnOf('FunctionBuilds'),
    },
    {
      Effect: 'Allow',
      Action: ['logs:GetLogEvents'],
      // The group's Arn attribute ends in `:*`, which covers its streams.
      Resource: arnOf('FunctionBuildsLogGroup'),
    },
    s3Objects(['GetObject', 'DeleteObject'], 'builds/'),
  ],
  buildsSend: () => [{ Effect: 'Allow', Action: ['sqs:SendMessage'], Resource: arnOf('BuildsQueue') }],
  buildsConsume: () => [
    {
      Effect: 'Allow',
      Action: ['sqs:ReceiveMessage', 'sqs:DeleteMessage', 'sqs:GetQueueAttributes', 'sqs:ChangeMessageVisibility'],
      Resource: arnOf('BuildsQueue'),
    },
  ],
  // Webhooks (lib/aws/dynamo-webhook-store.ts, lib/aws/sqs-webhook-queue.ts).
  webhooksRead: () => [dynamo(['GetItem', 'Query'], arnOf('WebhooksTable'))],
  webhooksWrite: () => [dynamo(['GetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'], arnOf('WebhooksTable'))],
  webhookEventsSend: () => [{ Effect: 'Allow', Action: ['sqs:SendMessage'], Resource: arnOf('WebhooksQueue') }],
  webhooksConsume: () => [
    {
      Effect: 'Allow',
      Action: ['sqs:ReceiveMessage', 'sqs:DeleteMessage', 'sqs:GetQueueAttributes', 'sqs:ChangeMessageVisibility'],
      Resource: arnOf('WebhooksQueue'),
    },
  ],
  // Hosted functions' own Lambdas (lib/aws/lambda-invoker.ts names them `<service>-<stage>-fn-…`).
  hostedLambdasDeploy: (ctx) => [
    {
      Effect: 'Allow',
      Action: [
        'lambda:CreateFunction',
        'lambda:UpdateFunctionCode',
        'lambda:UpdateFunctionConfiguration',
        'lambda:GetFunction',
        'lambda:GetFunctionConfiguration',
        'lambda:DeleteFunction',
        // The reserved-concurrency cap of each hosted function (FNQ_FUNCTIONS_RESERVED_CONCURRENCY).
        'lambda:PutFunctionConcurrency',
      ],
      Resource: hostedLambdas(ctx),
    },
    // PHP functions run with the operator's PHP layer: the grant names exactly the version packaged with
    // (FNQ_FUNCTIONS_PHP_LAYER_ARN), and there is none without one (PHP deploys are then refused).
    ...(PHP_LAYER_ARN ? [{ Effect: 'Allow', Action: ['lambda:GetLayerVersion'], Resource: PHP_LAYER_ARN }] : []),
    // Each hosted function's log group, created with a retention (FNQ_FUNCTIONS_LOG_RETENTION_DAYS).
    {
      Effect: 'Allow',
      Action: ['logs:CreateLogGroup', 'logs:PutRetentionPolicy'],
      Resource: join(...regionAccount('logs'), `log-group:/aws/lambda/${SERVICE_PREFIX(ctx.service, ctx.stage)}-fn-*`),
    },
    // The deploy route alone may hand the hosted functions' logs-only role to Lambda.
    {
      Effect: 'Allow',
      Action: ['iam:PassRole'],
      Resource: arnOf('FunctionExecutionRole'),
      Condition: { StringEquals: { 'iam:PassedToService': 'lambda.amazonaws.com' } },
    },
  ],
  hostedLambdasDelete: (ctx) => [{ Effect: 'Allow', Action: ['lambda:DeleteFunction'], Resource: hostedLambdas(ctx) }],
  hostedLambdasInvoke: (ctx) => [{ Effect: 'Allow', Action: ['lambda:InvokeFunction'], Resource: hostedLambdas(ctx) }],
  // SecureString parameters under the AWS managed key aws/ssm, whose key policy already lets this
  // account's principals decrypt through SSM: no kms statement needed.
  secrets: (ctx) =>
    ctx.secretParameters.length
      ? [
          {
            Effect: 'Allow',
            Action: ['ssm:GetParameters'],
            Resource: ctx.secretParameters.map((name) => join(...regionAccount('ssm'), `parameter${name}`)),
          },
        ]
      : [],
};

const hostedLambdas = (ctx) =>
  join(...regionAccount('lambda'), `function:${SERVICE_PREFIX(ctx.service, ctx.stage)}-fn-*`);

const upperFirst = (s) => s.charAt(0).toUpperCase() + s.slice(1);
const roleId = (fn) => `${upperFirst(fn)}Role`;

function baseStatements(ctx, fn) {
  const logGroup = `/aws/lambda/${SERVICE_PREFIX(ctx.service, ctx.stage)}-${fn}`;
  return [
    {
      Effect: 'Allow',
      Action: ['logs:CreateLogStream', 'logs:PutLogEvents'],
      Resource: join(...regionAccount('logs'), `log-group:${logGroup}:*`),
    },
    // X-Ray has no resource-level permissions for these two actions: "*" is the only form.
    { Effect: 'Allow', Action: ['xray:PutTraceSegments', 'xray:PutTelemetryRecords'], Resource: '*' },
  ];
}

function role(ctx, fn, grants) {
  const unknown = grants.filter((g) => !GRANTS[g]);
  if (unknown.length)
    throw new Error(
      `custom.roles.${fn} names unknown grant(s) ${unknown.join(', ')}; known: ${Object.keys(GRANTS).join(', ')}`,
    );
  return {
    Type: 'AWS::IAM::Role',
    Properties: {
      AssumeRolePolicyDocument: {
        Version: '2012-10-17',
        Statement: [{ Effect: 'Allow', Principal: { Service: 'lambda.amazonaws.com' }, Action: 'sts:AssumeRole' }],
      },
      Policies: [
        {
          PolicyName: `${fn}-least-privilege`,
          PolicyDocument: {
            Version: '2012-10-17',
            Statement: [...baseStatements(ctx, fn), ...grants.flatMap((g) => GRANTS[g](ctx))],
          },
        },
      ],
    },
  };
}

function throttleAlarm(ctx, fn) {
  return {
    Type: 'AWS::CloudWatch::Alarm',
    Properties: {
      AlarmDescription: `${fn} is being throttled: requests are refused for lack of concurrency`,
      Namespace: 'AWS/Lambda',
      MetricName: 'Throttles',
      Dimensions: [{ Name: 'FunctionName', Value: `${SERVICE_PREFIX(ctx.service, ctx.stage)}-${fn}` }],
      Statistic: 'Sum',
      Period: 300,
      EvaluationPeriods: 1,
      Threshold: 0,
      ComparisonOperator: 'GreaterThanThreshold',
      TreatMissingData: 'notBreaching',
      AlarmActions: [{ Ref: 'AlarmsTopic' }],
    },
  };
}

/** A `resources` item: every function's role and throttle alarm. */
module.exports = async ({ resolveVariable, resolveConfigurationProperty }) => {
  const service = await resolveConfigurationProperty(['service']);
  const stage = await resolveVariable('sls:stage');
  const functions = Object.keys((await resolveConfigurationProperty(['functions'])) ?? {});
  const roles = (await resolveConfigurationProperty(['custom', 'roles'])) ?? {};
  // Names left empty (a secret this stage does without) grant nothing.
  const secretParameters = Object.values(
    (await resolveConfigurationProperty(['custom', 'secretParameters'])) ?? {},
  ).filter(Boolean);
  const ctx = { service, stage, secretParameters };
  const missing = functions.filter((fn) => !Array.isArray(roles[fn]));
  if (missing.length) {
    throw new Error(
      `every Lambda needs its own role: add ${missing.map((fn) => `custom.roles.${fn}`).join(', ')} to serverless.yml (the grants its handler uses; deploy/iam-roles.cjs lists them)`,
    );
  }
  const resources = {};
  for (const fn of functions) {
    resources[roleId(fn)] = role(ctx, fn, roles[fn]);
    resources[`${upperFirst(fn)}ThrottlesAlarm`] = throttleAlarm(ctx, fn);
  }
  return { Resources: resources };
};

module.exports.GRANTS = GRANTS;
