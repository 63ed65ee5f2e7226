// Environment → one typed, validated config object, read once per cold start.
// Every problem is collected and reported together, each naming its variable, so a bad
// deployment fails at start with a message an operator can act on.

import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** OpenAI's models and address when a caller picks ai_platform "openai" and the operator named none. */
export const DEFAULT_OPENAI_CHAT_MODEL = 'gpt-4o-mini';
export const DEFAULT_OPENAI_EMBED_MODEL = 'text-embedding-3-small';
export const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com/v1';
/** Bytes of a caller's SQL result kept (FNQ_SQL_RESULT_BYTES): far more than a model can read, far less than a Lambda holds. */
export const DEFAULT_SQL_RESULT_BYTES = 4 * 1024 * 1024;

export type Level = 'free' | 'pro' | 'enterprise';
export const LEVELS: readonly Level[] = ['free', 'pro', 'enterprise'];

export interface Config {
  stage: string;
  version: string;
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  auth: { jwtSecret?: string; jwksUrl?: string; issuer?: string; audience?: string };
  aws: {
    region: string;
    /** Emulator endpoints; unset on AWS. */
    endpoints: { s3?: string; sqs?: string; dynamodb?: string };
    bucket: string;
    queueUrl: string;
    /** The queue of deployments the build worker builds (FNQ_BUILDS_QUEUE_URL); deploys answer 503 without it. */
    buildsQueueUrl?: string;
    /** The queue of webhook events and attempts (FNQ_WEBHOOKS_QUEUE_URL); events are not published without it. */
    webhooksQueueUrl?: string;
    tables: { uploads: string; usage: string; functions: string; lanceCommits: string; webhooks: string };
  };
  lanceUri: string;
  /**
   * The operator's search route per collection embedder (`FNQ_SEARCH_ROUTES`); the composition root lays
   * them over the measured defaults of lib/vectors/search-route.ts.
   */
  searchRoutes: Record<string, SearchRouteName>;
  ai: {
    /** The operator's OpenAI-compatible default platform; the heuristic engine (the embedded default) when unset. */
    baseUrl?: string;
    apiKey?: string;
    chatModel: string;
    embedModel: string;
    openaiBaseUrl: string;
    timeoutMs: number;
    /** `FNQ_EMBEDDER`: the embedder new collections are filled with (docs/ai.md); unset: the platform's. */
    embedder?: string;
    /** `FNQ_MODELS_DIR`: where local model folders are (`npm run models` writes .models). */
    modelsDir: string;
    /** `FNQ_MODELS_S3_URI`: `s3://bucket/prefix` of model folders fetched on first use (lib/ai/model-download.ts). */
    modelsS3Uri?: string;
    /** `FNQ_MODELS_DOWNLOAD_DIR`: where those are fetched to; default the system's temporary folder (/tmp). */
    modelsDownloadDir: string;
  };
  sql: {
    allowLoopback: boolean;
    allowPrivate: boolean;
    caPem?: string;
    rowLimit: number;
    resultBytes: number;
    statementTimeoutMs: number;
    connectTimeoutMs: number;
  };
  /** Documents per account by level; null = unlimited. */
  quotas: Record<Level, number | null>;
  /** Stored chunks per account by level, beside the document count (a document may make thousands); null = unlimited. */
  chunkQuotas: Record<Level, number | null>;
  /** How long before the Lambda deadline a request is answered with 504. */
  timeoutMarginMs: number;
  functions: FunctionSettings;
  webhooks: WebhookSettings;
}

/** Function hosting. `runtime` picks the invoker: `local` child processes, or AWS `lambda`. */
export interface FunctionSettings {
  runtime: 'local' | 'lambda';
  /** Per call, start-up included. */
  timeoutMs: number;
  memoryMb: number;
  /** What a JSON output that fails outputSchema gets: a warning header, or a 502. */
  outputCheck: 'header' | 'reject';
  /** Local runtime: where bundles are unpacked and built. */
  workDir: string;
  /** Local runtime: run functions without the sandbox (OS limits only), for trusted code on hosts that cannot confine. */
  unsafeLocal: boolean;
  /** Lambda runtime: execution role of the function Lambdas (no permissions beyond logs). */
  roleArn?: string;
  /** Lambda runtime: concurrent executions reserved for, and capping, each function's Lambda. */
  reservedConcurrency: number;
  /** Lambda runtime: days CloudWatch keeps each hosted function's log group. */
  logRetentionDays: number;
  /** Lambda runtime: the CodeBuild project that builds hosted functions (deploy/function-builds.yml). */
  buildsProject?: string;
  /** Lambda runtime: ARN of the operator's layer with PHP at /opt/bin/php; PHP functions are refused without it. */
  phpLayerArn?: string;
  /** Local builds: host:port of package registries (mirrors) dependency installs may reach besides the public ones. */
  buildRegistries: string[];
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function reader(env: Env) {
  const problems: string[] = [];
  const raw = (name: string) => {
    const v = env[name]?.trim();
    return v === '' ? undefined : v;
  };
  const str = (name: string, fallback?: string) => raw(name) ?? fallback;
  const int = (name: string, fallback: number, min: number, max: number) => {
    const v = raw(name);
    if (v === undefined) return fallback;
    const n = Number(v);
    if (!Number.isInteger(n) || n < min || n > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got "${v}")`);
      return fallback;
    }
    return n;
  };
  const bool = (name: string, fallback: boolean) => {
    const v = raw(name)?.toLowerCase();
    if (v === undefined) return fallback;
    if (['1', 'true', 'yes', 'on'].includes(v)) return true;
    if (['0', 'false', 'no', 'off'].includes(v)) return false;
    problems.push(`${name} must be true or false (got "${v}")`);
    return fallback;
  };
  const oneOf = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const v = raw(name);
    if (v === undefined) return fallback;
    if (!allowed.includes(v as T)) {
      problems.push(`${name} must be one of ${allowed.join(', ')} (got "${v}")`);
      return fallback;
    }
    return v as T;
  };
  const url = (name: string, fallback?: string) => {
    const v = str(name, fallback);
    if (v === undefined) return undefined;
    try {
      const u = new URL(v);
      if (!['http:', 'https:'].includes(u.protocol)) throw new Error('protocol');
      return v;
    } catch {
      problems.push(`${name} must be an http(s) URL (got "${v}")`);
      return undefined;
    }
  };
  const quota = (name: string, fallback: number | null) => {
    const v = raw(name)?.toLowerCase();
    if (v === undefined) return fallback;
    if (v === 'unlimited') return null;
    return int(name, fallback ?? 0, 0, 1e9);
  };
  return { problems, str, int, bool, oneOf, url, quota };
}

function modelsS3Uri(r: ReturnType<typeof reader>): string | undefined {
  const uri = r.str('FNQ_MODELS_S3_URI');
  if (uri !== undefined && !/^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/|$)/.test(uri)) {
    r.problems.push(`FNQ_MODELS_S3_URI must look like s3://bucket/prefix (got "${uri}")`);
    return undefined;
  }
  return uri;
}

export function loadConfig(env: Env = process.env): Config {
  // The secrets loadSecrets read (never copied into the environment), under the environment's own.
  const r = reader({ ...Object.fromEntries(secretValues), ...withoutEmpty(env) });
  const jwtSecret = r.str('FNQ_JWT_SECRET');
  const jwksUrl = r.url('FNQ_JWKS_URL');
  for (const v of SECRET_VARIABLES) {
    if (!r.str(v) && r.str(`${v}_PARAMETER`))
      r.problems.push(`${v}_PARAMETER is set but the secret was not read: call loadSecrets() before the config`);
  }
  if (!jwtSecret && !jwksUrl && !r.str('FNQ_JWT_SECRET_PARAMETER'))
    r.problems.push('FNQ_JWT_SECRET or FNQ_JWKS_URL is required to check svcwt tokens');
  if (jwtSecret && jwtSecret.length < 32) r.problems.push('FNQ_JWT_SECRET must be at least 32 characters');

  const aiBaseUrl = r.url('FNQ_AI_BASE_URL');
  const stage = r.str('FNQ_STAGE', 'local')!;
  // Hosted functions run as Lambdas when the service itself runs on AWS Lambda (not under
  // serverless offline, which sets IS_OFFLINE), and as local child processes everywhere else.
  const onLambda = Boolean(env.AWS_LAMBDA_FUNCTION_NAME) && !env.IS_OFFLINE;
  const functions: FunctionSettings = {
    runtime: r.oneOf('FNQ_FUNCTIONS_RUNTIME', ['local', 'lambda'] as const, onLambda ? 'lambda' : 'local'),
    timeoutMs: r.int('FNQ_FUNCTIONS_TIMEOUT_MS', 10_000, 100, 900_000),
    memoryMb: r.int('FNQ_FUNCTIONS_MEMORY_MB', 256, 128, 10_240),
    outputCheck: r.oneOf('FNQ_FUNCTIONS_OUTPUT_CHECK', ['header', 'reject'] as const, 'header'),
    workDir: r.str('FNQ_FUNCTIONS_WORK_DIR', join(tmpdir(), `fnquery-functions-${stage}`))!,
    roleArn: r.str('FNQ_FUNCTIONS_ROLE_ARN'),
    unsafeLocal: r.bool('FNQ_FUNCTIONS_UNSAFE_LOCAL', false),
    reservedConcurrency: r.int('FNQ_FUNCTIONS_RESERVED_CONCURRENCY', 5, 1, 1000),
    logRetentionDays: r.int('FNQ_FUNCTIONS_LOG_RETENTION_DAYS', 14, 1, 3653),
    buildsProject: r.str('FNQ_FUNCTION_BUILDS_PROJECT'),
    phpLayerArn: r.str('FNQ_FUNCTIONS_PHP_LAYER_ARN'),
    buildRegistries: (r.str('FNQ_BUILD_REGISTRIES') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  };
  // The values CloudWatch Logs accepts for a retention.
  if (
    ![1, 3, 5, 7, 14, 30, 60, 90, 120, 150, 180, 365, 400, 545, 731, 1096, 1827, 2192, 2557, 2922, 3288, 3653].includes(
      functions.logRetentionDays,
    )
  )
    r.problems.push(
      'FNQ_FUNCTIONS_LOG_RETENTION_DAYS must be a retention CloudWatch Logs accepts (1, 3, 5, 7, 14, 30, 60, 90, … 3653)',
    );
  for (const registry of functions.buildRegistries)
    if (!/^[A-Za-z0-9.-]+:\d{1,5}$/.test(registry))
      r.problems.push(`FNQ_BUILD_REGISTRIES: "${registry}" is not host:port (e.g. npm.example.com:443)`);
  // Only the Lambdas that deploy or call hosted functions carry the role's ARN (see needed below).
  const roleArn = functions.roleArn;
  Object.defineProperty(functions, 'roleArn', {
    enumerable: true,
    get: () => {
      if (functions.runtime === 'lambda' && !roleArn)
        throw new ConfigError(['FNQ_FUNCTIONS_ROLE_ARN is required when functions run on AWS Lambda']);
      return roleArn;
    },
  });
  // A deployed Lambda's environment names only the resources its handler uses
  // (deploy/function-environment.cjs), so a resource's name is required where it is read.
  const needed = (name: string) => () => {
    const v = r.str(name);
    if (v === undefined) throw new ConfigError([`${name} is required (and missing from this environment)`]);
    return v;
  };
  const [bucket, queueUrl, uploads, usage, functionsTable, lanceCommits, lanceUri, webhooksTable] = [
    'FNQ_BUCKET',
    'FNQ_QUEUE_URL',
    'FNQ_UPLOADS_TABLE',
    'FNQ_USAGE_TABLE',
    'FNQ_FUNCTIONS_TABLE',
    'FNQ_LANCE_COMMITS_TABLE',
    'FNQ_LANCE_URI',
    'FNQ_WEBHOOKS_TABLE',
  ].map(needed) as (() => string)[];
  const config: Config = {
    stage,
    version: r.str('FNQ_VERSION', '0.1.0')!,
    logLevel: r.oneOf('FNQ_LOG_LEVEL', ['debug', 'info', 'warn', 'error'] as const, 'info'),
    auth: { jwtSecret, jwksUrl, issuer: r.str('FNQ_JWT_ISSUER'), audience: r.str('FNQ_JWT_AUDIENCE') },
    aws: {
      region: r.str('AWS_REGION', 'us-east-1')!,
      endpoints: {
        s3: r.url('FNQ_S3_ENDPOINT'),
        sqs: r.url('FNQ_SQS_ENDPOINT'),
        dynamodb: r.url('FNQ_DYNAMODB_ENDPOINT'),
      },
      get bucket() {
        return bucket!();
      },
      get queueUrl() {
        return queueUrl!();
      },
      buildsQueueUrl: r.str('FNQ_BUILDS_QUEUE_URL'),
      webhooksQueueUrl: r.str('FNQ_WEBHOOKS_QUEUE_URL'),
      tables: {
        get uploads() {
          return uploads!();
        },
        get usage() {
          return usage!();
        },
        get functions() {
          return functionsTable!();
        },
        get lanceCommits() {
          return lanceCommits!();
        },
        get webhooks() {
          return webhooksTable!();
        },
      },
    },
    get lanceUri() {
      return lanceUri!();
    },
    searchRoutes: parseSearchRoutes(r.str('FNQ_SEARCH_ROUTES'), r.problems),
    ai: {
      baseUrl: aiBaseUrl,
      apiKey: r.str('FNQ_AI_API_KEY'),
      chatModel: r.str('FNQ_AI_CHAT_MODEL', DEFAULT_OPENAI_CHAT_MODEL)!,
      embedModel: r.str('FNQ_AI_EMBED_MODEL', DEFAULT_OPENAI_EMBED_MODEL)!,
      openaiBaseUrl: r.url('FNQ_OPENAI_BASE_URL', 'https://api.openai.com/v1')!,
      timeoutMs: r.int('FNQ_AI_TIMEOUT_MS', 30_000, 100, 900_000),
      embedder: r.str('FNQ_EMBEDDER'),
      modelsDir: r.str('FNQ_MODELS_DIR', join(process.cwd(), '.models'))!,
      modelsS3Uri: modelsS3Uri(r),
      modelsDownloadDir: r.str('FNQ_MODELS_DOWNLOAD_DIR', join(tmpdir(), 'fnq-models'))!,
    },
    sql: {
      allowLoopback: r.bool('FNQ_SQL_ALLOW_LOOPBACK', false),
      allowPrivate: r.bool('FNQ_SQL_ALLOW_PRIVATE', false),
      caPem: r.str('FNQ_SQL_CA_PEM'),
      rowLimit: r.int('FNQ_SQL_ROW_LIMIT', 500, 1, 100_000),
      resultBytes: r.int('FNQ_SQL_RESULT_BYTES', DEFAULT_SQL_RESULT_BYTES, 1024, 256 * 1024 * 1024),
      connectTimeoutMs: r.int('FNQ_SQL_CONNECT_TIMEOUT_MS', 10_000, 100, 120_000),
      statementTimeoutMs: r.int('FNQ_SQL_STATEMENT_TIMEOUT_MS', 10_000, 100, 600_000),
    },
    quotas: {
      free: r.quota('FNQ_QUOTA_FREE', 20),
      pro: r.quota('FNQ_QUOTA_PRO', 2000),
      enterprise: r.quota('FNQ_QUOTA_ENTERPRISE', null),
    },
    chunkQuotas: {
      free: r.quota('FNQ_CHUNK_QUOTA_FREE', 100_000),
      pro: r.quota('FNQ_CHUNK_QUOTA_PRO', 5_000_000),
      enterprise: r.quota('FNQ_CHUNK_QUOTA_ENTERPRISE', null),
    },
    timeoutMarginMs: r.int('FNQ_TIMEOUT_MARGIN_MS', 500, 5, 60_000),
    functions,
    webhooks: {
      allowLoopback: r.bool('FNQ_WEBHOOKS_ALLOW_LOOPBACK', false),
      allowPrivate: r.bool('FNQ_WEBHOOKS_ALLOW_PRIVATE', false),
      // Its own key when the operator gives one; else one derived from the JWT secret (docs/webhooks.md).
      key: r.str('FNQ_WEBHOOKS_KEY') ?? jwtSecret,
      retrySchedule: retrySchedule(r),
      timeoutMs: r.int('FNQ_WEBHOOKS_TIMEOUT_MS', 10_000, 100, 60_000),
      maxEndpoints: r.int('FNQ_WEBHOOKS_MAX_ENDPOINTS', 10, 1, 1000),
    },
  };
  const webhooksKey = r.str('FNQ_WEBHOOKS_KEY');
  if (webhooksKey && webhooksKey.length < 32) r.problems.push('FNQ_WEBHOOKS_KEY must be at least 32 characters');
  if (r.problems.length) throw new ConfigError(r.problems);
  return config;
}

/**
 * Secrets a deployed stage keeps in SSM Parameter Store: `<VAR>_PARAMETER` names the parameter, read
 * through Powertools Parameters and kept in this module or Powertools' cache, never in `process.env`,
 * where every dependency and child process could see it. A value already in the environment (npm start,
 * tests) wins and nothing is fetched.
 * - The JWT secret is read by loadSecrets before the config (once per cold start), and again per request
 *   through jwtSecretSource, so a rotated secret is in use within the cache's max age.
 * - The AI platform key is read only where a model is called, through aiApiKeySource, with the same max
 *   age: a Lambda that never calls a model never reads it, and a rotated key is picked up without a
 *   cold start.
 * - The webhook sealing key (FNQ_WEBHOOKS_KEY) is read like the JWT secret, by the Lambdas whose
 *   environment names its parameter (the webhook routes and worker).
 */
export const SECRET_VARIABLES = ['FNQ_JWT_SECRET', 'FNQ_WEBHOOKS_KEY'] as const;

/** Reads SSM parameters by name; the composition root passes the SSM adapter (lib/services/secrets.ts). */
export type ParameterReader = (
  names: string[],
  where: { region: string; endpoint?: string },
) => Promise<Map<string, string>>;

const secretValues = new Map<string, string>();

const withoutEmpty = (env: Env): Env =>
  Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));

const ssmLocation = (env: Env) => ({
  region: env.AWS_REGION?.trim() || 'us-east-1',
  endpoint: env.FNQ_SSM_ENDPOINT?.trim() || undefined,
});

/** A secret read per use from SSM (Powertools' cache answers within its max age of 5 minutes). */
export type SecretSource = () => Promise<string>;

/**
 * Where `variable`'s value comes from on each use when SSM holds it; undefined when the environment has
 * the value itself or names no parameter.
 */
function secretSource(variable: string, env: Env, read: ParameterReader): SecretSource | undefined {
  const name = env[`${variable}_PARAMETER`]?.trim();
  if (env[variable]?.trim() || !name) return undefined;
  return async () => {
    const value = (await read([name], ssmLocation(env))).get(name);
    if (!value) throw new ConfigError([missingParameter(variable, name)]);
    return value;
  };
}

/** The JWT secret per request, when SSM holds it and tokens are not checked with a JWKS. */
export function jwtSecretSource(env: Env, read: ParameterReader): SecretSource | undefined {
  return env.FNQ_JWKS_URL?.trim() ? undefined : secretSource('FNQ_JWT_SECRET', env, read);
}

/** The operator's AI platform key per model call, when SSM holds it (FNQ_AI_API_KEY_PARAMETER). */
export function aiApiKeySource(env: Env, read: ParameterReader): SecretSource | undefined {
  return secretSource('FNQ_AI_API_KEY', env, read);
}

const missingParameter = (variable: string, name: string) =>
  `${variable}_PARAMETER names ${name}, which SSM Parameter Store does not have (or it is empty): create it with aws ssm put-parameter --type SecureString --name ${name}`;

let secretsLoaded: Promise<void> | undefined;

/** Reads the named secrets, once per process (a cold start); a failed read is tried again next time. */
export function loadSecrets(env: Env, read: ParameterReader): Promise<void> {
  secretsLoaded ??= fetchSecrets(env, read).catch((e: unknown) => {
    secretsLoaded = undefined;
    throw e;
  });
  return secretsLoaded;
}

async function fetchSecrets(env: Env, read: ParameterReader): Promise<void> {
  const wanted = SECRET_VARIABLES.filter((v) => !env[v]?.trim() && env[`${v}_PARAMETER`]?.trim()).map((v) => ({
    variable: v,
    name: env[`${v}_PARAMETER`]!.trim(),
  }));
  if (!wanted.length) return;
  const values = await read(
    wanted.map((w) => w.name),
    ssmLocation(env),
  );
  const missing = wanted.filter((w) => !values.get(w.name));
  if (missing.length) throw new ConfigError(missing.map((w) => missingParameter(w.variable, w.name)));
  for (const w of wanted) secretValues.set(w.variable, values.get(w.name)!);
}

export interface WebhookSettings {
  /** Deliver to 127.0.0.0/8 and ::1 (FNQ_WEBHOOKS_ALLOW_LOOPBACK; on for npm start's local stage only). */
  allowLoopback: boolean;
  /** Deliver to private networks (FNQ_WEBHOOKS_ALLOW_PRIVATE), for receivers inside the service's own VPC. */
  allowPrivate: boolean;
  /** Seals signing secrets at rest (FNQ_WEBHOOKS_KEY, or derived from the JWT secret); webhooks answer 503 without. */
  key?: string;
  /** Seconds between attempts (FNQ_WEBHOOKS_RETRY_SCHEDULE); DEFAULT_RETRY_SCHEDULE below. */
  retrySchedule: number[];
  /** Per attempt, connect to last byte. */
  timeoutMs: number;
  /** Endpoints one account may register. */
  maxEndpoints: number;
}

/** Seconds to wait after failed webhook attempt 1, 2, …; its length + 1 is the number of attempts (about a day). */
export const DEFAULT_RETRY_SCHEDULE = [5, 60, 300, 1800, 3600, 7200, 14_400, 28_800, 28_800];

/** FNQ_WEBHOOKS_RETRY_SCHEDULE: seconds between attempts, comma-separated (e.g. 5,60,300). */
function retrySchedule(r: ReturnType<typeof reader>): number[] {
  const text = r.str('FNQ_WEBHOOKS_RETRY_SCHEDULE');
  if (text === undefined) return DEFAULT_RETRY_SCHEDULE;
  const waits = text.split(',').map((s) => Number(s.trim()));
  if (waits.length > 20 || waits.some((w) => !Number.isInteger(w) || w < 1 || w > 86_400)) {
    r.problems.push(
      `FNQ_WEBHOOKS_RETRY_SCHEDULE must be up to 20 whole numbers of seconds from 1 to 86400, comma-separated (got "${text}")`,
    );
    return DEFAULT_RETRY_SCHEDULE;
  }
  return waits;
}

/** The search routes a collection can be queried with (lib/vectors' search modes). */
export const SEARCH_ROUTE_NAMES = ['hybrid', 'vector', 'text'] as const;
export type SearchRouteName = (typeof SEARCH_ROUTE_NAMES)[number];

/**
 * `FNQ_SEARCH_ROUTES`: comma-separated `embedder=route` pairs (`*` for every other embedder), e.g.
 * `local-lexical-v1=hybrid,*=vector`. Each mistake becomes a problem naming the entry.
 */
export function parseSearchRoutes(text: string | undefined, problems: string[] = []): Record<string, SearchRouteName> {
  const routes: Record<string, SearchRouteName> = {};
  for (const pair of (text ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [embedder, route, extra] = pair.split('=').map((p) => p.trim());
    if (!embedder || extra !== undefined || !SEARCH_ROUTE_NAMES.includes(route as SearchRouteName)) {
      problems.push(
        `FNQ_SEARCH_ROUTES entry "${pair}" is not embedder=route with route one of ${SEARCH_ROUTE_NAMES.join(', ')}`,
      );
      continue;
    }
    routes[embedder] = route as SearchRouteName;
  }
  return routes;
}

let cached: Config | undefined;

/** The process's config, validated on first use (a cold start) and then reused. */
export function getConfig(): Config {
  cached ??= loadConfig();
  return cached;
}

/** For tests that change the environment between cases. */
export function resetConfig(): void {
  cached = undefined;
  secretsLoaded = undefined;
  secretValues.clear();
}
