// The variable files serverless.yml loads while packaging (deploy/*.cjs), called as serverless
// calls them: with resolvers for the configuration and the stage.
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
type Resolver = (args: {
  resolveVariable: (v: string) => Promise<unknown>;
  resolveConfigurationProperty: (path: string[]) => Promise<unknown>;
}) => Promise<unknown>;
const iamRoles = require('../../../deploy/iam-roles.cjs') as Resolver;
const secrets = require('../../../deploy/secrets.cjs') as Resolver & {
  secretParameters: (env: Record<string, string>, stage: string) => unknown;
};

function resolvers(config: Record<string, unknown>, stage = 'prod') {
  return {
    resolveVariable: async (v: string) => (v === 'sls:stage' ? stage : undefined),
    resolveConfigurationProperty: async (path: string[]) =>
      path.reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], config),
  };
}

describe('deploy/iam-roles.cjs', () => {
  const config = (roles: Record<string, string[]>) => ({
    service: 'fnquery',
    functions: { health: {}, upload: {} },
    custom: { roles, secretParameters: { jwtSecret: '/fnquery/prod/jwt-secret', aiApiKey: '' } },
  });

  it('fails packaging for a Lambda without its own role entry, naming it', async () => {
    await expect(iamRoles(resolvers(config({ health: ['usageWrite'] })))).rejects.toThrow(
      /every Lambda needs its own role: add custom\.roles\.upload/,
    );
  });

  it('fails packaging for a grant it does not know', async () => {
    await expect(iamRoles(resolvers(config({ health: ['usageWrite'], upload: ['s3Everything'] })))).rejects.toThrow(
      /custom\.roles\.upload names unknown grant\(s\) s3Everything/,
    );
  });

  it('builds one role and one throttle alarm per function, with only the named grants', async () => {
    const { Resources } = (await iamRoles(resolvers(config({ health: [], upload: ['jobsSend', 'secrets'] })))) as {
      Resources: Record<string, { Type: string; Properties: Record<string, unknown> }>;
    };
    expect(Object.keys(Resources).sort()).toEqual([
      'HealthRole',
      'HealthThrottlesAlarm',
      'UploadRole',
      'UploadThrottlesAlarm',
    ]);
    const actions = (id: string) =>
      (Resources[id]!.Properties.Policies as { PolicyDocument: { Statement: { Action: string[] }[] } }[]).flatMap((p) =>
        p.PolicyDocument.Statement.flatMap((s) => s.Action),
      );
    expect(actions('HealthRole')).toEqual([
      'logs:CreateLogStream',
      'logs:PutLogEvents',
      'xray:PutTraceSegments',
      'xray:PutTelemetryRecords',
    ]);
    expect(actions('UploadRole')).toEqual(expect.arrayContaining(['sqs:SendMessage', 'ssm:GetParameters']));
    expect(actions('UploadRole')).not.toContain('sqs:ReceiveMessage');
  });
});

describe('deploy/secrets.cjs', () => {
  it('refuses a deployed stage with no JWT secret parameter and no JWKS URL', () => {
    expect(() => secrets.secretParameters({}, 'prod')).toThrow(/FNQ_JWT_SECRET_PARAMETER is not set.*SecureString/);
  });

  it('needs no secret parameter when tokens are checked against a JWKS, nor on stage local', () => {
    expect(secrets.secretParameters({ FNQ_JWKS_URL: 'https://issuer.example/jwks.json' }, 'prod')).toEqual({
      jwtSecret: '',
      aiApiKey: '',
      webhooksKey: '',
    });
    expect(secrets.secretParameters({}, 'local')).toEqual({ jwtSecret: '', aiApiKey: '', webhooksKey: '' });
  });

  it('reads the webhooks sealing key from its own parameter when one is named', () => {
    const names = secrets.secretParameters(
      { FNQ_JWT_SECRET_PARAMETER: '/fnquery/prod/jwt', FNQ_WEBHOOKS_KEY_PARAMETER: '/fnquery/prod/webhooks-key' },
      'prod',
    );
    expect(names).toMatchObject({ webhooksKey: '/fnquery/prod/webhooks-key' });
  });

  it('refuses a parameter name that is not one', () => {
    expect(() => secrets.secretParameters({ FNQ_JWT_SECRET_PARAMETER: 'the-secret-itself' }, 'prod')).toThrow(
      /must be an SSM parameter name starting with "\/"/,
    );
  });
});

describe('deploy/route-alarms.cjs', () => {
  const routeAlarms = require('../../../deploy/route-alarms.cjs') as Resolver;
  const functions = {
    health: { events: [{ httpApi: { method: 'GET', path: '/health' } }] },
    mcp: { events: [{ httpApi: { method: '*', path: '/mcp' } }] },
    worker: { events: [{ sqs: { arn: 'x' } }] },
  };

  it('makes one p99 alarm per HTTP route with its own or the default limit, none for other events', async () => {
    const { Resources } = (await routeAlarms(
      resolvers({ functions, custom: { p99LatencyMs: { default: 3000, mcp: 25000 } } }),
    )) as {
      Resources: Record<string, { Properties: { Dimensions: { Name: string; Value: unknown }[]; Threshold: number } }>;
    };
    expect(Object.keys(Resources).sort()).toEqual(['HealthP99LatencyAlarm', 'McpP99LatencyAlarm']);
    const dims = (id: string) => Object.fromEntries(Resources[id]!.Properties.Dimensions.map((d) => [d.Name, d.Value]));
    expect(dims('McpP99LatencyAlarm')).toMatchObject({ Resource: '/mcp', Method: 'ANY' });
    expect(Resources.McpP99LatencyAlarm!.Properties.Threshold).toBe(25000);
    expect(Resources.HealthP99LatencyAlarm!.Properties.Threshold).toBe(3000);
  });

  it('fails packaging for a limit that names no function, or without a default', async () => {
    await expect(
      routeAlarms(resolvers({ functions, custom: { p99LatencyMs: { default: 3000, helth: 1 } } })),
    ).rejects.toThrow(/names no function: helth/);
    await expect(routeAlarms(resolvers({ functions, custom: {} }))).rejects.toThrow(/default/);
  });
});

describe('deploy/function-environment.cjs', () => {
  type Fn = { environment?: Record<string, unknown> };
  const Plugin = require('../../../deploy/function-environment.cjs') as (new (
    sls: unknown,
    options: { stage?: string },
  ) => { apply(): void }) & { BY_GRANT: Record<string, string[]> };
  const { GRANTS } = require('../../../deploy/iam-roles.cjs') as { GRANTS: Record<string, unknown> };

  function packaging(environment: Record<string, unknown>, stage = 'prod') {
    const service = {
      provider: { stage, environment },
      functions: { health: {}, upload: {}, queryRdbms: { environment: { OWN: 'x' } } } as Record<string, Fn>,
      custom: {
        roles: { health: ['usageWrite'], upload: ['usageWrite', 'jobsSend'], queryRdbms: ['usageWrite'] },
        settings: { queryRdbms: ['callerServers'] },
      },
    };
    new Plugin({ service }, { stage }).apply();
    return service;
  }
  const env = {
    FNQ_STAGE: 'prod',
    FNQ_USAGE_TABLE: 'usage',
    FNQ_QUEUE_URL: { Ref: 'JobsQueue' },
    FNQ_SQL_ROW_LIMIT: '100',
    FNQ_SQS_ENDPOINT: '',
  };

  it('gives each function what every Lambda reads, its grants’ resources and its settings, no empty value', () => {
    const { functions, provider } = packaging(env);
    expect(functions.health!.environment).toEqual({ FNQ_STAGE: 'prod', FNQ_USAGE_TABLE: 'usage' });
    expect(functions.upload!.environment).toEqual({
      FNQ_STAGE: 'prod',
      FNQ_USAGE_TABLE: 'usage',
      FNQ_QUEUE_URL: { Ref: 'JobsQueue' },
    });
    expect(functions.queryRdbms!.environment).toEqual({
      FNQ_STAGE: 'prod',
      FNQ_USAGE_TABLE: 'usage',
      FNQ_SQL_ROW_LIMIT: '100',
      OWN: 'x',
    });
    expect(provider.environment).toEqual({});
  });

  it('leaves stage local whole, and fails packaging for a variable no group claims', () => {
    expect(packaging(env, 'local').provider.environment).toEqual(env);
    expect(() => packaging({ ...env, FNQ_NEW_THING: 'x' })).toThrow(/FNQ_NEW_THING, which .* gives to no function/);
  });

  it('knows the variables of every grant deploy/iam-roles.cjs defines', () => {
    expect(Object.keys(GRANTS).filter((g) => !Plugin.BY_GRANT[g])).toEqual([]);
  });
});
