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
    });
    expect(secrets.secretParameters({}, 'local')).toEqual({ jwtSecret: '', aiApiKey: '' });
  });

  it('refuses a parameter name that is not one', () => {
    expect(() => secrets.secretParameters({ FNQ_JWT_SECRET_PARAMETER: 'the-secret-itself' }, 'prod')).toThrow(
      /must be an SSM parameter name starting with "\/"/,
    );
  });
});
