// The compiled CloudFormation template of `serverless package`: what AWS would be given. Each Lambda
// has its own role holding only what its handler uses, the queue alarms and can be redriven,
// storage keeps backups and expires what ends, secrets stay out of the environment, and the zips
// carry the bundled AWS SDK and no source maps.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { unzipSync } from 'fflate';
import { RETRY_BUDGET } from '../../../lib/ingest/limits';
import { zipSizes } from '../../../local/serverless-package';
import { SHIPPED_NATIVE } from '../../../lib/vectors/lancedb-module';
import { ROUTES } from '../../../lib/api/routes';
import { loadConfig } from '../../../lib/config';
import { cfnText, packaged, SECRET_PARAMETER, type CfnResource, type Packaged } from '../../support/packaged-service';
import { emulatorDeployTests } from './emulator-deploy';

/** Actions IAM allows on "*" only (no resource-level permissions). */
const RESOURCE_STAR_ONLY = new Set(['xray:PutTraceSegments', 'xray:PutTelemetryRecords']);
/** Lambdas that load LanceDB; the only ones with node_modules in their zip. */
const LANCEDB_LAMBDAS = ['uploadDelete', 'collectionsDelete', 'embedWorker', 'ingestSweep', 'queryVectordb', 'mcp'];
const QUERY_LAMBDAS = ['queryFunction', 'queryVectordb', 'queryRdbms'];
/** The Lambdas that embed (serverless.yml's custom.embedderPackage), and the native module that lets them. */
const EMBEDDING_LAMBDAS = ['embedWorker', 'queryVectordb', 'mcp'];
const ONNX_NATIVE = 'node_modules/onnxruntime-node/bin/napi-v6/linux/x64/onnxruntime_binding.node';

interface Statement {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
  Condition?: unknown;
}

let pkg: Packaged;
let resources: Record<string, CfnResource>;
beforeAll(() => {
  pkg = packaged();
  resources = pkg.template.Resources;
}, 1_200_000);
afterAll(() => pkg?.remove());

const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
const lambdas = () => ofType('AWS::Lambda::Function').filter(([id]) => id.endsWith('LambdaFunction'));
/** serverless names a function `fooBar`'s resource `FooBarLambdaFunction`. */
const lambdaOf = (fn: string) => resources[`${fn.charAt(0).toUpperCase()}${fn.slice(1)}LambdaFunction`]!;
const roleIdOf = (fn: CfnResource) => ((fn.Properties!.Role as { 'Fn::GetAtt': string[] })['Fn::GetAtt'] ?? [])[0]!;

function statementsOf(roleId: string): Statement[] {
  const policies = (resources[roleId]!.Properties!.Policies ?? []) as { PolicyDocument: { Statement: Statement[] } }[];
  return policies.flatMap((p) => p.PolicyDocument.Statement);
}
const actionsOf = (s: Statement) => (Array.isArray(s.Action) ? s.Action : [s.Action]);
const resourcesOf = (s: Statement) => (Array.isArray(s.Resource) ? s.Resource : [s.Resource]).map(cfnText);
const allowedActions = (fn: string) => new Set(statementsOf(roleIdOf(lambdaOf(fn))).flatMap(actionsOf));

describe('IAM: a role per Lambda, least privilege', () => {
  it('gives every Lambda its own role and creates no shared one', () => {
    expect(lambdas().length).toBeGreaterThanOrEqual(19);
    const roles = lambdas().map(([, fn]) => roleIdOf(fn));
    expect(new Set(roles).size).toBe(roles.length);
    for (const role of roles) expect(resources[role]?.Type).toBe('AWS::IAM::Role');
    expect(resources.IamRoleLambdaExecution).toBeUndefined();
  });

  it('scopes every resource: no "*" where an ARN exists, no wildcard actions', () => {
    for (const [id, role] of ofType('AWS::IAM::Role')) {
      if (id === 'FunctionExecutionRole') continue; // logs only, through AWS's managed policy
      for (const s of statementsOf(id)) {
        expect(s.Effect, id).toBe('Allow');
        for (const action of actionsOf(s)) expect(action, `${id} ${action}`).not.toMatch(/\*/);
        for (const resource of resourcesOf(s)) {
          if (resource === '*') {
            for (const action of actionsOf(s))
              expect(RESOURCE_STAR_ONLY.has(action), `${id}: ${action} on "*"`).toBe(true);
            continue;
          }
          expect(resource, id).toMatch(/^(arn:aws:|\$\{)/);
          // Region and account are always the stack's own, and S3 grants name a key prefix.
          expect(resource, id).not.toMatch(/:\*:|^arn:aws:[a-z0-9-]+:\*/);
          expect(resource, id).not.toMatch(/\$\{UploadsBucket\.Arn\}\/\*$/);
        }
      }
      expect(role.Properties!.ManagedPolicyArns, id).toBeUndefined();
    }
  });

  // Builds are jobs: the build worker, not the deploy route, turns a bundle into a hosted Lambda.
  it('lets only the build worker create functions and pass the hosted-function role', () => {
    const deployers = lambdas()
      .filter(([, fn]) =>
        statementsOf(roleIdOf(fn)).some((s) =>
          actionsOf(s).some((a) => ['lambda:CreateFunction', 'lambda:UpdateFunctionCode', 'iam:PassRole'].includes(a)),
        ),
      )
      .map(([id]) => id);
    expect(deployers).toEqual(['BuildWorkerLambdaFunction']);
    const passRole = statementsOf(roleIdOf(lambdaOf('buildWorker'))).find((s) =>
      actionsOf(s).includes('iam:PassRole'),
    )!;
    expect(resourcesOf(passRole)).toEqual(['${FunctionExecutionRole.Arn}']);
    expect(passRole.Condition).toEqual({ StringEquals: { 'iam:PassedToService': 'lambda.amazonaws.com' } });
  });

  it('keeps what parses untrusted documents and what answers queries away from functions and other tables', () => {
    const worker = allowedActions('embedWorker');
    expect([...worker].filter((a) => a.startsWith('lambda:') || a.startsWith('iam:'))).toEqual([]);
    const workerTables = statementsOf(roleIdOf(lambdaOf('embedWorker')))
      .flatMap(resourcesOf)
      .filter((r) => r.includes('Table'));
    expect(workerTables.some((r) => r.includes('FunctionsTable') || r.includes('UsageTable'))).toBe(false);
    expect(allowedActions('queryRdbms')).toEqual(
      new Set([
        'logs:CreateLogStream',
        'logs:PutLogEvents',
        'xray:PutTraceSegments',
        'xray:PutTelemetryRecords',
        'ssm:GetParameters',
        'dynamodb:UpdateItem',
      ]),
    );
    for (const fn of QUERY_LAMBDAS) {
      for (const a of allowedActions(fn))
        expect(a, fn).not.toMatch(/^(lambda:(Create|Update|Delete)|iam:|s3:(Put|Delete)|dynamodb:(Put|Delete))/);
    }
    expect(allowedActions('health')).not.toContain('s3:GetObject');
  });

  it('lets each Lambda write only its own log group; the deployer also makes hosted functions’ groups', () => {
    const hostedGroups = 'arn:aws:logs:${AWS::Region}:${AWS::AccountId}:log-group:/aws/lambda/fnquery-ci-fn-*';
    for (const [id, fn] of lambdas()) {
      const name = fn.Properties!.FunctionName as string;
      const statements = statementsOf(roleIdOf(fn));
      const writes = statements.filter((s) =>
        actionsOf(s).some((a) => a.startsWith('logs:') && !a.startsWith('logs:Get')),
      );
      // Reading is the build worker's alone, and only CodeBuild's log group (a failed build's first lines).
      const reads = statements.filter((s) => actionsOf(s).some((a) => a.startsWith('logs:Get')));
      expect(reads.flatMap(resourcesOf), id).toEqual(
        id === 'BuildWorkerLambdaFunction' ? ['${FunctionBuildsLogGroup.Arn}'] : [],
      );
      expect(reads.flatMap(actionsOf), id).toEqual(id === 'BuildWorkerLambdaFunction' ? ['logs:GetLogEvents'] : []);
      expect(writes.flatMap(resourcesOf), id).toEqual([
        `arn:aws:logs:\${AWS::Region}:\${AWS::AccountId}:log-group:/aws/lambda/${name}:*`,
        ...(id === 'BuildWorkerLambdaFunction' ? [hostedGroups] : []),
      ]);
    }
  });
});

describe('runtime, tracing and secrets', () => {
  it('runs every Lambda on nodejs22.x with active tracing, arm64 except the LanceDB ones', () => {
    for (const [id, fn] of lambdas()) {
      expect(fn.Properties!.Runtime, id).toBe('nodejs22.x');
      expect(fn.Properties!.TracingConfig, id).toEqual({ Mode: 'Active' });
      const lance = LANCEDB_LAMBDAS.some((l) => lambdaOf(l) === fn);
      expect(fn.Properties!.Architectures, id).toEqual([lance ? 'x86_64' : 'arm64']);
    }
  });

  it('puts no secret value in any environment, only the SSM parameter it is read from', () => {
    for (const [id, fn] of lambdas()) {
      const env = (fn.Properties!.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(env.FNQ_JWT_SECRET ?? '', id).toBe('');
      expect(env.FNQ_AI_API_KEY ?? '', id).toBe('');
      expect(env.FNQ_JWT_SECRET_PARAMETER, id).toBe(SECRET_PARAMETER);
      const secrets = statementsOf(roleIdOf(fn)).find((s) => actionsOf(s).includes('ssm:GetParameters'));
      expect(secrets && resourcesOf(secrets), id).toEqual([
        `arn:aws:ssm:\${AWS::Region}:\${AWS::AccountId}:parameter${SECRET_PARAMETER}`,
      ]);
    }
  });

  it('refuses to package a stage whose JWT secret has nowhere to come from', () => {
    expect(() => packaged({ FNQ_JWT_SECRET_PARAMETER: '', FNQ_JWKS_URL: '' })).toThrow(
      /FNQ_JWT_SECRET_PARAMETER is not set.*SecureString/s,
    );
  }, 120_000);
});

describe('queue, alarms and access logs', () => {
  it('gives failing jobs five deliveries, six worker timeouts of visibility, and a concurrency cap', () => {
    const queue = resources.JobsQueue!.Properties!;
    const redrive = queue.RedrivePolicy as { maxReceiveCount: number; deadLetterTargetArn: unknown };
    expect(redrive.maxReceiveCount).toBeGreaterThanOrEqual(5);
    expect(redrive.maxReceiveCount).toBe(RETRY_BUDGET);
    expect(cfnText(redrive.deadLetterTargetArn)).toBe('${JobsDeadLetterQueue.Arn}');
    const workerTimeout = lambdaOf('embedWorker').Properties!.Timeout as number;
    expect(queue.VisibilityTimeout as number).toBeGreaterThanOrEqual(6 * workerTimeout);
    const [[, mapping]] = ofType('AWS::Lambda::EventSourceMapping') as [[string, CfnResource]];
    expect(mapping.Properties).toMatchObject({
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ScalingConfig: { MaximumConcurrency: 10 },
    });
  });

  it('alarms on dead letters, the 5xx rate, every Lambda’s throttles and worker errors, all to one topic', () => {
    const alarms = ofType('AWS::CloudWatch::Alarm').map(([, a]) => a.Properties!);
    for (const a of alarms) expect(a.AlarmActions).toEqual([{ Ref: 'AlarmsTopic' }]);
    const on = (metric: string) => alarms.filter((a) => a.MetricName === metric);
    expect(
      on('ApproximateNumberOfMessagesVisible').map((a) => cfnText((a.Dimensions as { Value: unknown }[])[0]!.Value)),
    ).toEqual(['${JobsDeadLetterQueue.QueueName}', '${WebhooksDeadLetterQueue.QueueName}']);
    const throttled = on('Throttles')
      .map((a) => (a.Dimensions as { Value: string }[])[0]!.Value)
      .sort();
    expect(throttled).toEqual(
      lambdas()
        .map(([, fn]) => fn.Properties!.FunctionName as string)
        .sort(),
    );
    expect(
      on('Errors')
        .map((a) => (a.Dimensions as { Value: string }[])[0]!.Value)
        .sort(),
    ).toEqual(['fnquery-ci-embedWorker', 'fnquery-ci-ingestSweep', 'fnquery-ci-webhookWorker']);
    const rate = alarms.find((a) => Array.isArray(a.Metrics))!;
    expect(JSON.stringify(rate.Metrics)).toContain('"MetricName":"5xx"');
    expect(rate.Threshold).toBe(5);
  });

  it('writes an HTTP API access log without paths, query strings or bodies', () => {
    const [[, stage]] = ofType('AWS::ApiGatewayV2::Stage') as [[string, CfnResource]];
    const format = (stage.Properties!.AccessLogSettings as { Format: string }).Format;
    expect(JSON.parse(format)).toMatchObject({ routeKey: '$context.routeKey', status: '$context.status' });
    expect(format).not.toMatch(/\$context\.(path|requestBody|querystring)|\$input/);
  });

  it('publishes the queue URLs the redrive command needs', () => {
    expect(Object.keys(pkg.template.Outputs ?? {})).toEqual(
      expect.arrayContaining(['JobsQueueUrl', 'JobsDeadLetterQueueUrl', 'AlarmsTopicArn']),
    );
  });
});

/** Route key → the Lambda function resource id it integrates with, from the compiled routes. */
function routeTargets(): Map<string, string> {
  const targets = new Map<string, string>();
  for (const [, route] of ofType('AWS::ApiGatewayV2::Route')) {
    const integration = cfnText(route.Properties!.Target).replace(/^integrations\/\$\{(.*)\}$/, '$1');
    const uri = cfnText(resources[integration]!.Properties!.IntegrationUri);
    targets.set(route.Properties!.RouteKey as string, uri.replace(/^\$\{(.*)\.Arn\}$/, '$1'));
  }
  return targets;
}

describe('what a production stage needs to survive load, mistakes and failures', () => {
  it('throttles the HTTP API stage and publishes per-route metrics', () => {
    const [[, stage]] = ofType('AWS::ApiGatewayV2::Stage') as [[string, CfnResource]];
    const settings = stage.Properties!.DefaultRouteSettings as Record<string, unknown>;
    expect(settings.ThrottlingRateLimit).toBeGreaterThan(0);
    expect(settings.ThrottlingBurstLimit).toBeGreaterThanOrEqual(settings.ThrottlingRateLimit as number);
    expect(settings.DetailedMetricsEnabled).toBe(true);
  });

  it('caps the token-less routes with reserved concurrency and reserves little else', () => {
    const targets = routeTargets();
    // `$default`: whatever no route matches (the not-found envelope), also answered without a token.
    const tokenless = [
      ...Object.values(ROUTES)
        .filter((r) => r.auth === false)
        .map((r) => r.route),
      '$default',
    ];
    expect(tokenless.length).toBeGreaterThanOrEqual(5);
    const capped = new Set<string>();
    for (const key of tokenless) {
      const fnId = targets.get(key);
      expect(fnId, key).toBeDefined();
      const reserved = resources[fnId!]!.Properties!.ReservedConcurrentExecutions as number;
      expect(reserved, key).toBeGreaterThanOrEqual(1);
      expect(reserved, key).toBeLessThanOrEqual(10);
      capped.add(fnId!);
    }
    // Apart from them only the sweep (one run at a time) reserves; the rest share the account pool,
    // and all reservations together leave far more than Lambda's 100 unreserved minimum of 1,000.
    const others = lambdas().filter(([id, fn]) => !capped.has(id) && fn.Properties!.ReservedConcurrentExecutions);
    expect(others.map(([id, fn]) => [id, fn.Properties!.ReservedConcurrentExecutions])).toEqual([
      ['IngestSweepLambdaFunction', 1],
    ]);
    const total = lambdas().reduce(
      (n, [, fn]) => n + ((fn.Properties!.ReservedConcurrentExecutions as number) ?? 0),
      0,
    );
    expect(total).toBeLessThanOrEqual(100);
  });

  it('keeps every table and the bucket when the stack is removed or a change would replace them', () => {
    const tables = ofType('AWS::DynamoDB::Table');
    expect(tables.map(([id]) => id).sort()).toEqual([
      'FunctionsTable',
      'LanceCommitsTable',
      'UploadsTable',
      'UsageTable',
      'WebhooksTable',
    ]);
    for (const [id, table] of tables) {
      expect(table, id).toMatchObject({ DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
      expect(table.Properties!.DeletionProtectionEnabled, id).toBe(true);
    }
    expect(resources.UploadsBucket).toMatchObject({ DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
  });

  it('sends failed sweep runs to a queue its role may write, and alarms on them', () => {
    const [[, config]] = ofType('AWS::Lambda::EventInvokeConfig').filter(
      ([, c]) => cfnText(c.Properties!.FunctionName) === '${IngestSweepLambdaFunction}',
    ) as [[string, CfnResource]];
    const destination = cfnText(
      (config.Properties!.DestinationConfig as { OnFailure: { Destination: unknown } }).OnFailure.Destination,
    );
    expect(destination).toBe('${IngestSweepFailuresQueue.Arn}');
    expect(resources.IngestSweepFailuresQueue!.Type).toBe('AWS::SQS::Queue');
    const send = statementsOf(roleIdOf(lambdaOf('ingestSweep'))).filter((s) =>
      actionsOf(s).includes('sqs:SendMessage'),
    );
    expect(send.flatMap(resourcesOf)).toContain(destination);
    const alarm = resources.IngestSweepErrorsAlarm!.Properties!;
    expect(alarm).toMatchObject({ Namespace: 'AWS/Lambda', MetricName: 'Errors', Threshold: 0 });
    expect(alarm.Dimensions).toEqual([{ Name: 'FunctionName', Value: 'fnquery-ci-ingestSweep' }]);
  });

  it('alarms when the oldest upload job has waited too long', () => {
    const age = ofType('AWS::CloudWatch::Alarm')
      .map(([, a]) => a.Properties!)
      .filter((a) => a.MetricName === 'ApproximateAgeOfOldestMessage');
    expect(age).toHaveLength(1);
    expect(cfnText((age[0]!.Dimensions as { Value: unknown }[])[0]!.Value)).toBe('${JobsQueue.QueueName}');
    expect(age[0]!.Threshold).toBeGreaterThanOrEqual(6 * 60);
  });

  it('alarms on the p99 latency of every route, at a threshold under API Gateway’s 30 s limit', () => {
    const alarmed = new Map<string, number>();
    for (const [, alarm] of ofType('AWS::CloudWatch::Alarm')) {
      const a = alarm.Properties!;
      if (a.MetricName !== 'Latency' || a.ExtendedStatistic !== 'p99') continue;
      const dim = Object.fromEntries(
        (a.Dimensions as { Name: string; Value: unknown }[]).map((d) => [d.Name, cfnText(d.Value)]),
      );
      expect(dim.ApiId).toBe('${HttpApi}');
      alarmed.set(`${dim.Method} ${dim.Resource}`, a.Threshold as number);
    }
    // `$default` only answers 404/405 for unknown routes: its latency is nobody's wait, so it has no alarm.
    const keys = [...routeTargets().keys()].filter((k) => k !== '$default');
    expect(keys.length).toBeGreaterThanOrEqual(20);
    expect([...alarmed.keys()].sort()).toEqual(keys.sort());
    for (const [key, ms] of alarmed) {
      expect(ms, key).toBeGreaterThan(0);
      expect(ms, key).toBeLessThan(30_000);
    }
  });
});

describe('environment: each Lambda gets what its handler reads, nothing more', () => {
  const envOf = (id: string) =>
    (resources[id]!.Properties!.Environment as { Variables: Record<string, unknown> }).Variables;
  /** Whether a Lambda's role grants an action on a resource whose ARN mentions `target`. */
  const granted = (id: string, action: RegExp, target: string) =>
    statementsOf(roleIdOf(resources[id]!)).some(
      (s) => actionsOf(s).some((a) => action.test(a)) && resourcesOf(s).some((r) => r.includes(target)),
    );

  it('gives /health its start-up settings and what it reports: no queue, bucket, table of others or role', () => {
    expect(Object.keys(envOf('HealthLambdaFunction')).sort()).toEqual([
      'AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED',
      'FNQ_JWT_SECRET_PARAMETER',
      'FNQ_LANCE_URI',
      'FNQ_LOG_LEVEL',
      'FNQ_STAGE',
      'FNQ_USAGE_TABLE',
      'FNQ_VERSION',
    ]);
  });

  it('names each resource to exactly the Lambdas whose role may use it', () => {
    const cases: [string, (id: string) => boolean][] = [
      ['FNQ_QUEUE_URL', (id) => granted(id, /^sqs:SendMessage$/, 'JobsQueue.Arn')],
      ['FNQ_BUILDS_QUEUE_URL', (id) => granted(id, /^sqs:SendMessage$/, 'BuildsQueue.Arn')],
      ['FNQ_FUNCTIONS_ROLE_ARN', (id) => granted(id, /^lambda:/, '-fn-*')],
      ['FNQ_BUCKET', (id) => granted(id, /^s3:/, 'UploadsBucket.Arn')],
      ['FNQ_UPLOADS_TABLE', (id) => granted(id, /^dynamodb:/, 'UploadsTable.Arn')],
      ['FNQ_FUNCTIONS_TABLE', (id) => granted(id, /^dynamodb:/, 'FunctionsTable.Arn')],
      ['FNQ_USAGE_TABLE', (id) => granted(id, /^dynamodb:/, 'UsageTable.Arn')],
      ['FNQ_LANCE_COMMITS_TABLE', (id) => granted(id, /^dynamodb:/, 'LanceCommitsTable.Arn')],
      ['FNQ_WEBHOOKS_QUEUE_URL', (id) => granted(id, /^sqs:SendMessage$/, 'WebhooksQueue.Arn')],
      ['FNQ_WEBHOOKS_TABLE', (id) => granted(id, /^dynamodb:/, 'WebhooksTable.Arn')],
    ];
    for (const [id] of lambdas())
      for (const [variable, mayUse] of cases) expect(variable in envOf(id), `${id} ${variable}`).toBe(mayUse(id));
  });

  it('starts each Lambda’s config from its own environment, and a resource it was not given fails loudly', () => {
    for (const [id, fn] of lambdas()) {
      const env = Object.fromEntries(
        Object.entries(envOf(id)).map(([k, v]) => [k, typeof v === 'string' ? v : `resolved-${k}`]),
      );
      // As on AWS after the secret is read from SSM at cold start.
      const config = loadConfig({ ...env, FNQ_JWT_SECRET: 's'.repeat(32), AWS_LAMBDA_FUNCTION_NAME: id });
      if (!env.FNQ_QUEUE_URL) expect(() => config.aws.queueUrl, id).toThrow(/FNQ_QUEUE_URL is required/);
      if (!env.FNQ_BUCKET) expect(() => config.aws.bucket, id).toThrow(/FNQ_BUCKET is required/);
      if (!env.FNQ_FUNCTIONS_ROLE_ARN) expect(() => config.functions.roleArn, id).toThrow(/FNQ_FUNCTIONS_ROLE_ARN/);
      else expect(config.functions.roleArn, id).toBe(`resolved-FNQ_FUNCTIONS_ROLE_ARN`);
      expect(config.stage, id).toBe('ci');
      expect(fn.Properties!.FunctionName, id).toMatch(/^fnquery-ci-/);
    }
  });
});

describe('webhooks', () => {
  const WEBHOOK_ROUTES = ['webhooksCreate', 'webhooksList', 'webhooksDelete', 'webhooksDeliveries'];
  const tablesOf = (fn: string) =>
    statementsOf(roleIdOf(lambdaOf(fn)))
      .filter((s) => actionsOf(s).some((a) => a.startsWith('dynamodb:')))
      .flatMap(resourcesOf);

  it('gives the routes the webhooks table alone, read-only where they only read', () => {
    for (const fn of WEBHOOK_ROUTES) {
      expect(
        tablesOf(fn).filter((r) => !r.includes('UsageTable')),
        fn,
      ).toEqual(['${WebhooksTable.Arn}']);
      expect(
        [...allowedActions(fn)].filter((a) => /^(s3|sqs|lambda|iam):/.test(a)),
        fn,
      ).toEqual([]);
    }
    for (const fn of ['webhooksList', 'webhooksDeliveries'])
      expect(
        [...allowedActions(fn)].filter((a) => /^dynamodb:(Put|Delete)/.test(a)),
        fn,
      ).toEqual([]);
  });

  it('lets the workers that publish events send to the webhooks queue and nothing more of webhooks', () => {
    for (const fn of ['embedWorker', 'buildWorker', 'ingestSweep']) {
      const send = statementsOf(roleIdOf(lambdaOf(fn))).filter((s) => resourcesOf(s).includes('${WebhooksQueue.Arn}'));
      expect(send.flatMap(actionsOf), fn).toEqual(['sqs:SendMessage']);
      expect(
        tablesOf(fn).some((r) => r.includes('WebhooksTable')),
        fn,
      ).toBe(false);
    }
    const worker = allowedActions('webhookWorker');
    expect([...worker].filter((a) => /^(s3|lambda|iam):/.test(a))).toEqual([]);
    expect(tablesOf('webhookWorker')).toEqual(['${WebhooksTable.Arn}']);
  });

  it('gives the worker a dead-letter queue, six timeouts of visibility, a concurrency cap and an errors alarm', () => {
    const queue = resources.WebhooksQueue!.Properties!;
    const redrive = queue.RedrivePolicy as { maxReceiveCount: number; deadLetterTargetArn: unknown };
    expect(cfnText(redrive.deadLetterTargetArn)).toBe('${WebhooksDeadLetterQueue.Arn}');
    expect(queue.VisibilityTimeout as number).toBeGreaterThanOrEqual(
      6 * (lambdaOf('webhookWorker').Properties!.Timeout as number),
    );
    const mapping = ofType('AWS::Lambda::EventSourceMapping').find(
      ([, m]) => cfnText(m.Properties!.EventSourceArn) === '${WebhooksQueue.Arn}',
    )!;
    expect(mapping[1].Properties).toMatchObject({
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ScalingConfig: { MaximumConcurrency: 5 },
    });
    expect(resources.WebhooksTable!.Properties!.TimeToLiveSpecification).toEqual({
      AttributeName: 'expiresAt',
      Enabled: true,
    });
    expect(envOfFn('webhookWorker').FNQ_WEBHOOKS_ALLOW_LOOPBACK).toBe('false');
  });
});

const envOfFn = (fn: string) =>
  (lambdaOf(fn).Properties!.Environment as { Variables: Record<string, unknown> }).Variables;

describe('storage settings', () => {
  it('serves the bucket over TLS only, versioned, with lifecycle rules', () => {
    const policy = resources.UploadsBucketPolicy!.Properties!.PolicyDocument as { Statement: Statement[] };
    expect(policy.Statement).toContainEqual(
      expect.objectContaining({
        Effect: 'Deny',
        Action: 's3:*',
        Condition: { Bool: { 'aws:SecureTransport': 'false' } },
      }),
    );
    const bucket = resources.UploadsBucket!.Properties!;
    expect(bucket.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    const rules = (bucket.LifecycleConfiguration as { Rules: Record<string, unknown>[] }).Rules;
    expect(rules).toContainEqual(
      expect.objectContaining({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 } }),
    );
    expect(rules).toContainEqual(expect.objectContaining({ NoncurrentVersionExpiration: { NoncurrentDays: 7 } }));
  });

  it('keeps point-in-time recovery on every table and expires usage counters', () => {
    for (const [id, table] of ofType('AWS::DynamoDB::Table')) {
      expect(table.Properties!.PointInTimeRecoverySpecification, id).toEqual({ PointInTimeRecoveryEnabled: true });
    }
    expect(resources.UsageTable!.Properties!.TimeToLiveSpecification).toEqual({
      AttributeName: 'expiresAt',
      Enabled: true,
    });
  });
});

describe('zips', () => {
  const entries = (fn: string) => {
    const names: string[] = [];
    unzipSync(readFileSync(join(pkg.dir, `${fn}.zip`)), { filter: (f) => (names.push(f.name), false) });
    return names;
  };

  it('bundles the AWS SDK: no zip imports or ships it from outside the bundle', () => {
    for (const [, fn] of lambdas()) {
      const name = (fn.Properties!.FunctionName as string).replace('fnquery-ci-', '');
      const files = entries(name);
      expect(
        files.some((f) => f.startsWith('node_modules/@aws-sdk/')),
        name,
      ).toBe(false);
      const handler = unzipSync(readFileSync(join(pkg.dir, `${name}.zip`)), {
        filter: (f) => f.name.endsWith('.mjs') && !f.name.startsWith('node_modules/'),
      });
      for (const code of Object.values(handler))
        expect(new TextDecoder().decode(code), name).not.toMatch(/from\s*"@aws-sdk\/|import\("@aws-sdk\//);
    }
  });

  it('ships no source maps, LanceDB’s native module alone to its Lambdas, and no node_modules but ONNX Runtime', () => {
    for (const [, fn] of lambdas()) {
      const name = (fn.Properties!.FunctionName as string).replace('fnquery-ci-', '');
      const files = entries(name);
      expect(
        files.filter((f) => f.endsWith('.map')),
        name,
      ).toEqual([]);
      // LanceDB's JavaScript and apache-arrow are in the bundle; its native module ships stripped, beside
      // it (the 186 MB file with its symbols stays out). The Lambdas that embed with a dense model also
      // carry ONNX Runtime, the only package shipped as node_modules.
      const natives = files.filter((f) => f.endsWith('.node')).sort();
      if (EMBEDDING_LAMBDAS.includes(name)) expect(natives, name).toEqual([ONNX_NATIVE, SHIPPED_NATIVE].sort());
      else expect(natives, name).toEqual(LANCEDB_LAMBDAS.includes(name) ? [SHIPPED_NATIVE] : []);
      const packages = new Set(
        files.filter((f) => f.startsWith('node_modules/')).map((f) => f.split('/').slice(1, 2).join('/')),
      );
      expect([...packages].sort(), name).toEqual(
        EMBEDDING_LAMBDAS.includes(name) ? ['onnxruntime-common', 'onnxruntime-node'] : [],
      );
    }
  });

  it('stays under Lambda’s 250 MB unzipped limit with room to spare (40 MiB, for another native module)', () => {
    for (const z of zipSizes(pkg.dir)) expect(z.bytes, z.name).toBeLessThan((250 - 40) * 1024 * 1024);
  });

  it('stores and finds vectors with a LanceDB Lambda’s zip alone: its bundle, the module from the task root', () => {
    const root = mkdtempSync(join(tmpdir(), 'fnq-task-root-'));
    const tmp = mkdtempSync(join(tmpdir(), 'fnq-lambda-tmp-'));
    try {
      const files = unzipSync(readFileSync(join(pkg.dir, 'queryVectordb.zip')));
      for (const [path, bytes] of Object.entries(files)) {
        if (path.endsWith('/')) continue;
        mkdirSync(dirname(join(root, path)), { recursive: true });
        writeFileSync(join(root, path), bytes);
      }
      // The zip's own chunk of the LanceDB store (the bundle's, not the project's sources), which the
      // retrieval answer imports on the first query.
      const chunks = join(root, 'handlers/http/query-vectordb.chunks');
      const store = readdirSync(chunks).filter((f) => /^lancedb-store-\w+\.mjs$/.test(f));
      expect(store).toHaveLength(1);
      // As the Lambda would: task root, /tmp, and no node_modules in reach (the root is outside the project).
      const script = `
        const { LanceVectorStore } = await import(${JSON.stringify(pathToFileURL(join(chunks, store[0]!)).href)});
        const store = new LanceVectorStore({ uri: ${JSON.stringify(join(tmp, 'db'))} });
        const ref = { account: 'acct-zip', collection: 'notes' };
        const vector = (hot) => Float32Array.from({ length: 768 }, (_, i) => (i === hot ? 1 : 0));
        const chunk = (id, text, hot) => ({ id, uploadId: 'u1', position: hot, text, source: 'notes.txt', vector: vector(hot) });
        await store.upsert(ref, [chunk('a', 'Owls hunt at night.', 0), chunk('b', 'Bees sleep at night.', 1)]);
        const hits = await store.search(ref, { vector: vector(1), text: 'bees', limit: 1 });
        console.log(JSON.stringify({ hit: hits[0]?.id, native: process.env.NAPI_RS_NATIVE_LIBRARY_PATH }));`;
      const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
        cwd: root,
        env: { PATH: process.env.PATH, LAMBDA_TASK_ROOT: root, TMPDIR: tmp, HOME: tmp, FNQ_LOG_LEVEL: 'error' },
        encoding: 'utf8',
      });
      const seen = JSON.parse(out.trim().split('\n').pop()!) as { hit: string; native: string };
      expect(seen).toEqual({ hit: 'b', native: join(root, SHIPPED_NATIVE) });
      // Nothing inflated or copied into /tmp on the way, and no LanceDB package beside the bundle.
      expect(readdirSync(tmp).filter((f) => f.endsWith('.node'))).toEqual([]);
      expect(existsSync(join(root, 'node_modules/@lancedb'))).toBe(false);
    } finally {
      rmSync(root, { recursive: true, force: true });
      rmSync(tmp, { recursive: true, force: true });
    }
  }, 120_000);
});

emulatorDeployTests(() => pkg);
