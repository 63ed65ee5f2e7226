import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../lib/config';

const base = {
  FNQ_JWT_SECRET: 'x'.repeat(32),
  FNQ_BUCKET: 'b',
  FNQ_QUEUE_URL: 'http://localhost/q',
  FNQ_UPLOADS_TABLE: 'u',
  FNQ_USAGE_TABLE: 'm',
  FNQ_FUNCTIONS_TABLE: 'f',
  FNQ_LANCE_COMMITS_TABLE: 'l',
  FNQ_LANCE_URI: '/tmp/lance',
};

describe('config', () => {
  it('reads a complete environment with defaults', () => {
    const c = loadConfig(base);
    expect(c.quotas).toEqual({ free: 20, pro: 2000, enterprise: null });
    expect(c.ai.baseUrl).toBeUndefined();
    expect(c.sql.rowLimit).toBe(500);
  });

  it('fails at start naming every bad setting', () => {
    const env = {
      ...base,
      FNQ_BUCKET: '',
      FNQ_SQL_ROW_LIMIT: 'lots',
      FNQ_AI_BASE_URL: 'ftp://x',
      FNQ_SQL_ALLOW_PRIVATE: 'maybe',
      FNQ_JWT_SECRET: 'short',
    };
    let error: ConfigError | undefined;
    try {
      loadConfig(env);
    } catch (e) {
      error = e as ConfigError;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const text = error!.message;
    for (const name of ['FNQ_SQL_ROW_LIMIT', 'FNQ_AI_BASE_URL', 'FNQ_SQL_ALLOW_PRIVATE', 'FNQ_JWT_SECRET'])
      expect(text).toContain(name);
    expect(error!.problems).toHaveLength(4);
  });

  it('requires a resource name where it is read: each deployed Lambda is given only its own', () => {
    const { FNQ_BUCKET, FNQ_QUEUE_URL, ...rest } = base;
    const c = loadConfig(rest);
    expect(() => c.aws.bucket).toThrow(ConfigError);
    expect(() => c.aws.queueUrl).toThrow(/FNQ_QUEUE_URL is required/);
    expect(c.aws.tables.usage).toBe('m');
    expect(loadConfig(base).aws.bucket).toBe(FNQ_BUCKET);
    expect(loadConfig(base).aws.queueUrl).toBe(FNQ_QUEUE_URL);
  });

  it('requires a way to check tokens', () => {
    expect(() => loadConfig({ ...base, FNQ_JWT_SECRET: '' })).toThrow(/FNQ_JWT_SECRET or FNQ_JWKS_URL/);
  });

  it('parses unlimited quotas and booleans', () => {
    const c = loadConfig({ ...base, FNQ_QUOTA_PRO: 'unlimited', FNQ_QUOTA_FREE: '3', FNQ_SQL_ALLOW_LOOPBACK: 'yes' });
    expect(c.quotas.pro).toBeNull();
    expect(c.quotas.free).toBe(3);
    expect(c.sql.allowLoopback).toBe(true);
  });
});

describe('function hosting settings', () => {
  it('runs functions locally unless the service itself runs on AWS Lambda', () => {
    expect(loadConfig(base).functions.runtime).toBe('local');
    expect(loadConfig({ ...base, AWS_LAMBDA_FUNCTION_NAME: 'f', IS_OFFLINE: 'true' }).functions.runtime).toBe('local');
    // Required where it is used (deploying or calling a hosted function), not by every Lambda.
    const withoutRole = loadConfig({ ...base, AWS_LAMBDA_FUNCTION_NAME: 'f' });
    expect(() => withoutRole.functions.roleArn).toThrow(/FNQ_FUNCTIONS_ROLE_ARN is required/);
    expect(
      loadConfig({ ...base, AWS_LAMBDA_FUNCTION_NAME: 'f', FNQ_FUNCTIONS_ROLE_ARN: 'arn:aws:iam::1:role/r' }).functions
        .runtime,
    ).toBe('lambda');
  });

  it('reads FNQ_MODELS_S3_URI as an s3:// prefix, downloads into the temporary folder, and names a bad one', () => {
    const c = loadConfig({ ...base, FNQ_MODELS_S3_URI: 's3://models-bucket/dense/' });
    expect(c.ai.modelsS3Uri).toBe('s3://models-bucket/dense/');
    expect(c.ai.modelsDownloadDir).toMatch(/fnq-models$/);
    expect(loadConfig(base).ai.modelsS3Uri).toBeUndefined();
    for (const bad of ['https://models-bucket/dense', 's3://', 's3://Bad_Bucket/x'])
      expect(() => loadConfig({ ...base, FNQ_MODELS_S3_URI: bad }), bad).toThrow(
        /FNQ_MODELS_S3_URI must look like s3:\/\/bucket\/prefix/,
      );
  });

  it("reads the operator's FNQ_SEARCH_ROUTES (laid over the measured defaults by the root), and names a bad entry", () => {
    expect(loadConfig(base).searchRoutes).toEqual({});
    expect(loadConfig({ ...base, FNQ_SEARCH_ROUTES: 'local-lexical-v1=hybrid' }).searchRoutes['local-lexical-v1']).toBe(
      'hybrid',
    );
    expect(() => loadConfig({ ...base, FNQ_SEARCH_ROUTES: 'local-lexical-v1=fast' })).toThrow(
      /FNQ_SEARCH_ROUTES entry "local-lexical-v1=fast"/,
    );
  });
});
