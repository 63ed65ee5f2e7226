// Each deployed Lambda gets only the environment variables its handler reads, instead of all of
// provider.environment: /health does not see the queue URL or the hosted functions' role. What a
// function reads follows from what it is granted (custom.roles: a grant to a resource comes with
// the variable naming it) and from the settings groups it is given (custom.settings), plus what
// every Lambda reads at start. A variable of provider.environment that no group claims fails
// packaging, so a new variable cannot silently reach everyone or no one. Empty values are left out
// (the config treats them as unset). Stage local (npm start, serverless offline) keeps the whole
// environment: all its handlers share one process. A serverless plugin because serverless merges
// provider.environment into every function after variables resolve.
'use strict';

/** Read by every Lambda: the config's start-up settings and the token secret's source. */
const EVERY = [
  'NODE_OPTIONS',
  'AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED',
  'FNQ_STAGE',
  'FNQ_VERSION',
  'FNQ_LOG_LEVEL',
  'FNQ_JWT_SECRET',
  'FNQ_JWT_SECRET_PARAMETER',
  'FNQ_JWKS_URL',
  'FNQ_TIMEOUT_MARGIN_MS',
];

const DYNAMO = ['FNQ_DYNAMODB_ENDPOINT'];
const FILES = ['FNQ_BUCKET', 'FNQ_S3_ENDPOINT'];
const VECTORS = ['FNQ_LANCE_URI', 'FNQ_LANCE_COMMITS_TABLE'];
// The invoker is built with the role and limits whether it deploys or calls.
const HOSTED = [
  'FNQ_FUNCTIONS_ROLE_ARN',
  'FNQ_FUNCTIONS_TIMEOUT_MS',
  'FNQ_FUNCTIONS_MEMORY_MB',
  'FNQ_FUNCTIONS_RESERVED_CONCURRENCY',
  'FNQ_FUNCTIONS_PHP_LAYER_ARN',
];

/** Grant (deploy/iam-roles.cjs) → the variables naming what it grants. */
const BY_GRANT = {
  usageWrite: ['FNQ_USAGE_TABLE', ...DYNAMO],
  usageRead: ['FNQ_USAGE_TABLE', ...DYNAMO],
  uploadsRead: ['FNQ_UPLOADS_TABLE', ...DYNAMO],
  uploadsWrite: ['FNQ_UPLOADS_TABLE', ...DYNAMO],
  uploadsScan: ['FNQ_UPLOADS_TABLE', ...DYNAMO],
  uploadsUnfinished: ['FNQ_UPLOADS_TABLE', ...DYNAMO],
  uploadFilesWrite: FILES,
  uploadFilesRead: FILES,
  // FNQ_MODELS_S3_URI itself comes with the ai settings: the upload routes name the embedder without fetching it.
  modelsRead: ['FNQ_S3_ENDPOINT'],
  uploadFilesDelete: FILES,
  functionCodeWrite: FILES,
  functionCodeDelete: FILES,
  functionCodeRead: FILES,
  deploymentsRead: FILES,
  deploymentsWrite: FILES,
  // The CodeBuild project the worker starts; it reads the build's artifact from the bucket.
  functionBuildsRun: ['FNQ_FUNCTION_BUILDS_PROJECT', ...FILES],
  jobsSend: ['FNQ_QUEUE_URL', 'FNQ_SQS_ENDPOINT'],
  buildsSend: ['FNQ_BUILDS_QUEUE_URL', 'FNQ_SQS_ENDPOINT'],
  webhookEventsSend: ['FNQ_WEBHOOKS_QUEUE_URL', 'FNQ_SQS_ENDPOINT'],
  webhooksRead: ['FNQ_WEBHOOKS_TABLE', ...DYNAMO],
  webhooksWrite: ['FNQ_WEBHOOKS_TABLE', ...DYNAMO],
  webhooksConsume: [],
  vectorsRead: [...VECTORS, ...FILES, ...DYNAMO],
  vectorsWrite: [...VECTORS, ...FILES, ...DYNAMO],
  functionsRead: ['FNQ_FUNCTIONS_TABLE', ...DYNAMO],
  functionsList: ['FNQ_FUNCTIONS_TABLE', ...DYNAMO],
  functionsScan: ['FNQ_FUNCTIONS_TABLE', ...DYNAMO],
  functionsCatalog: ['FNQ_FUNCTIONS_TABLE', ...DYNAMO],
  functionsWrite: ['FNQ_FUNCTIONS_TABLE', ...DYNAMO],
  hostedLambdasDeploy: HOSTED,
  hostedLambdasDelete: HOSTED,
  hostedLambdasInvoke: [...HOSTED, 'FNQ_FUNCTIONS_OUTPUT_CHECK'],
  // The SQS event sources and the sweep's failure destination need no variable.
  jobsConsume: [],
  buildsConsume: [],
  sweepFailuresSend: [],
  secrets: [],
};

/** Settings group (custom.settings in serverless.yml) → its variables (lib/config.ts reads them). */
const BY_SETTING = {
  // The operator's AI platform: anything that embeds, answers or names the embedder of a collection.
  ai: [
    'FNQ_AI_BASE_URL',
    'FNQ_AI_API_KEY',
    'FNQ_AI_API_KEY_PARAMETER',
    'FNQ_AI_CHAT_MODEL',
    'FNQ_AI_EMBED_MODEL',
    'FNQ_OPENAI_BASE_URL',
    'FNQ_AI_TIMEOUT_MS',
    // The embedder of new collections, and where the Lambdas fetch dense models from (docs/ai.md).
    'FNQ_EMBEDDER',
    'FNQ_MODELS_S3_URI',
  ],
  // Connections to callers' servers (SQL, and MongoDB under the same address policy).
  callerServers: [
    'FNQ_SQL_ALLOW_LOOPBACK',
    'FNQ_SQL_ALLOW_PRIVATE',
    'FNQ_SQL_CA_PEM',
    'FNQ_SQL_ROW_LIMIT',
    'FNQ_SQL_STATEMENT_TIMEOUT_MS',
  ],
  quotas: ['FNQ_QUOTA_FREE', 'FNQ_QUOTA_PRO', 'FNQ_QUOTA_ENTERPRISE'],
  searchRoutes: ['FNQ_SEARCH_ROUTES'],
  // Delivering webhooks and checking endpoints: the address policy, the sealing key, retries.
  webhooks: [
    'FNQ_WEBHOOKS_ALLOW_LOOPBACK',
    'FNQ_WEBHOOKS_ALLOW_PRIVATE',
    'FNQ_WEBHOOKS_KEY',
    'FNQ_WEBHOOKS_KEY_PARAMETER',
    'FNQ_WEBHOOKS_RETRY_SCHEDULE',
    'FNQ_WEBHOOKS_TIMEOUT_MS',
    'FNQ_WEBHOOKS_MAX_ENDPOINTS',
  ],
  // What /health reports: which storage, vector store and AI platform the stage runs on.
  serviceMode: ['FNQ_S3_ENDPOINT', 'FNQ_LANCE_URI', 'FNQ_AI_BASE_URL'],
};

/** Read only by the local process runtime, which deployed stages never use. */
const LOCAL_ONLY = ['FNQ_FUNCTIONS_WORK_DIR', 'FNQ_FUNCTIONS_UNSAFE_LOCAL'];

function unknownNames(names, known, where) {
  const unknown = names.filter((n) => !known[n]);
  if (unknown.length)
    throw new Error(`${where} names unknown group(s) ${unknown.join(', ')}; known: ${Object.keys(known).join(', ')}`);
}

/** Function name → the sorted variable names it gets (before empty values are left out). */
function variablesOf(functions, roles, settings) {
  const out = {};
  for (const fn of functions) {
    const grants = roles[fn] ?? [];
    const groups = settings[fn] ?? [];
    unknownNames(grants, BY_GRANT, `custom.roles.${fn}`);
    unknownNames(groups, BY_SETTING, `custom.settings.${fn}`);
    const names = new Set([...EVERY, ...grants.flatMap((g) => BY_GRANT[g]), ...groups.flatMap((g) => BY_SETTING[g])]);
    out[fn] = [...names].sort();
  }
  return out;
}

function unclaimed(variables) {
  const claimed = new Set([
    ...EVERY,
    ...LOCAL_ONLY,
    ...Object.values(BY_GRANT).flat(),
    ...Object.values(BY_SETTING).flat(),
  ]);
  return variables.filter((v) => !claimed.has(v));
}

class FunctionEnvironment {
  constructor(serverless, options) {
    this.serverless = serverless;
    this.options = options;
    this.hooks = { 'before:package:compileFunctions': () => this.apply() };
  }

  apply() {
    const service = this.serverless.service;
    if ((this.options.stage ?? service.provider.stage) === 'local') return;
    const shared = service.provider.environment ?? {};
    const stray = unclaimed(Object.keys(shared));
    if (stray.length)
      throw new Error(
        `provider.environment has ${stray.join(', ')}, which deploy/function-environment.cjs gives to no function: add each to the group of the code that reads it`,
      );
    const custom = service.custom ?? {};
    const names = variablesOf(Object.keys(service.functions), custom.roles ?? {}, custom.settings ?? {});
    for (const [fn, wanted] of Object.entries(names)) {
      const own = service.functions[fn].environment ?? {};
      const environment = {};
      for (const name of wanted) {
        const value = own[name] ?? shared[name];
        if (value !== undefined && value !== '') environment[name] = value;
      }
      service.functions[fn].environment = { ...environment, ...own };
    }
    service.provider.environment = {};
  }
}

module.exports = FunctionEnvironment;
module.exports.BY_GRANT = BY_GRANT;
