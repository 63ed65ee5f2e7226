// The runtime table of docs/interface.md as data, with the AWS Lambda runtime each value deploys to.
// Lambda retires language versions over time; a retired value keeps working by deploying to the
// nearest supported newer version of the same language (LAMBDA_RUNTIMES says which are supported
// on a given day), and validation and deploy print the warning below.
// Go and PHP have no managed Lambda runtime: they run on the OS-only runtime (custom bootstrap).
// Newer values than the interface's table (EXTENSIONS) are accepted too, so a function can say
// which runtime it really runs on.

export type RuntimeFamily = 'node' | 'python' | 'go' | 'java' | 'ruby' | 'php' | 'dotnet';

export interface RuntimeInfo {
  id: string;
  family: RuntimeFamily;
  /** Language version the value names, e.g. `3.12`. */
  version: string;
  /** AWS Lambda `Runtime` identifier it deploys to. */
  lambdaRuntime: string;
  /** True when Lambda no longer offers this version and it deploys to a newer one. */
  retired: boolean;
  /** A newer value than the interface's table lists, accepted as this service's extension (docs/spec.md). */
  extension: boolean;
  /** Shown at validation and deploy time when `retired`. */
  warning?: string;
}

const CUSTOM_RUNTIME = 'provided.al2023';

/**
 * Lambda's managed runtimes and the day each is (or was) deprecated, from the "Supported runtimes"
 * and "Deprecated runtimes" tables of docs.aws.amazon.com/lambda/latest/dg/lambda-runtimes.html.
 * Checked again on 2026-11-23 against copies of that table: endoflife.date/aws-lambda (nodejs24.x,
 * nodejs22.x, python3.14, python3.13, java25, ruby3.4, dotnet10), AWS's AgentCore runtime table,
 * which follows Lambda's policy (python3.12, 3.11, 3.10), and tflint-ruleset-aws PR 969 (nodejs18.x
 * ended 2025-09-01, python3.9 moved to 2025-12-15); every date agreed. The Amazon Linux 2 runtimes (python3.10/3.11, java11/17) ended with it on
 * 2026-06-30. Update this when AWS adds or deprecates one: a test fails once a mapping's runtime
 * is past its date.
 */
export const LAMBDA_RUNTIMES: Readonly<Record<string, { family: RuntimeFamily; version: string; deprecated: string }>> =
  {
    'nodejs24.x': { family: 'node', version: '24', deprecated: '2028-04-30' },
    'nodejs22.x': { family: 'node', version: '22', deprecated: '2027-04-30' },
    'nodejs20.x': { family: 'node', version: '20', deprecated: '2026-04-30' },
    'nodejs18.x': { family: 'node', version: '18', deprecated: '2025-09-01' },
    'python3.14': { family: 'python', version: '3.14', deprecated: '2029-06-30' },
    'python3.13': { family: 'python', version: '3.13', deprecated: '2029-06-30' },
    'python3.12': { family: 'python', version: '3.12', deprecated: '2028-10-31' },
    'python3.11': { family: 'python', version: '3.11', deprecated: '2026-06-30' },
    'python3.10': { family: 'python', version: '3.10', deprecated: '2026-06-30' },
    'python3.9': { family: 'python', version: '3.9', deprecated: '2025-12-15' },
    java25: { family: 'java', version: '25', deprecated: '2029-06-30' },
    java21: { family: 'java', version: '21', deprecated: '2029-06-30' },
    java17: { family: 'java', version: '17', deprecated: '2026-06-30' },
    java11: { family: 'java', version: '11', deprecated: '2026-06-30' },
    'ruby3.4': { family: 'ruby', version: '3.4', deprecated: '2028-03-31' },
    'ruby3.3': { family: 'ruby', version: '3.3', deprecated: '2027-03-31' },
    'ruby3.2': { family: 'ruby', version: '3.2', deprecated: '2026-03-31' },
    dotnet10: { family: 'dotnet', version: '10', deprecated: '2028-11-14' },
    dotnet8: { family: 'dotnet', version: '8', deprecated: '2026-11-10' },
  };

/** Go and PHP have no managed runtime: they run on the OS-only one, which has no language version. */
const ON_CUSTOM_RUNTIME: readonly RuntimeFamily[] = ['go', 'php'];

type Row = [id: string, version: string, extension?: true];

const LANGUAGE: Record<RuntimeFamily, string> = {
  node: 'Node.js',
  python: 'Python',
  go: 'Go',
  java: 'Java',
  ruby: 'Ruby',
  php: 'PHP',
  dotnet: '.NET',
};

/** Newer versions than the interface's table, accepted as an extension: what Lambda runs today. */
const EXTENSIONS: Record<RuntimeFamily, string[]> = {
  node: ['24', '22'],
  python: ['3.14', '3.13'],
  go: ['1.26', '1.25', '1.24', '1.23'],
  java: ['25'],
  ruby: ['3.4', '3.3'],
  php: [],
  dotnet: ['10'],
};

const INTERFACE_TABLE: Record<RuntimeFamily, Row[]> = {
  node: ['20', '18', '16', '14', '12', '10', '8', '6'].map((v): Row => [`nodejs${v}`, v]),
  python: ['3.12', '3.11', '3.10', '3.9', '3.8', '3.7'].map((v): Row => [`python${v.replace('.', '')}`, v]),
  go: ['1.22', '1.21', '1.20', '1.19', '1.18', '1.16', '1.13', '1.12', '1.11'].map((v): Row => [
    `go${v.replace('.', '')}`,
    v,
  ]),
  java: ['21', '17', '11'].map((v): Row => [`java${v}`, v]),
  ruby: ['3.2', '3.0', '2.7', '2.6'].map((v): Row => [`ruby${v.replace('.', '')}`, v]),
  php: ['8.2', '8.1', '7.4'].map((v): Row => [`php${v.replace('.', '')}`, v]),
  dotnet: ['8', '6'].map((v): Row => [`dotnet${v}`, v]),
};

const idOf = (family: RuntimeFamily, version: string) =>
  `${{ node: 'nodejs', python: 'python', go: 'go', java: 'java', ruby: 'ruby', php: 'php', dotnet: 'dotnet' }[family]}${version.replace('.', '')}`;

const TABLE = Object.fromEntries(
  Object.entries(INTERFACE_TABLE).map(([family, rows]) => [
    family,
    // The interface's values first: they are what error messages suggest and list first.
    [...rows, ...EXTENSIONS[family as RuntimeFamily].map((v): Row => [idOf(family as RuntimeFamily, v), v, true])],
  ]),
) as Record<RuntimeFamily, Row[]>;

const versionKey = (v: string) => v.split('.').map(Number);
const compareVersions = (a: string, b: string) => {
  const [x, y] = [versionKey(a), versionKey(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i++)
    if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
};

/**
 * The Lambda runtime a language version deploys to on `day`: its own while Lambda supports it,
 * else the oldest supported newer version of the language (the smallest step up), else the newest.
 */
export function lambdaRuntimeFor(family: RuntimeFamily, version: string, day: string): string {
  if (ON_CUSTOM_RUNTIME.includes(family)) return CUSTOM_RUNTIME;
  const known = Object.entries(LAMBDA_RUNTIMES)
    .filter(([, r]) => r.family === family)
    .sort(([, a], [, b]) => compareVersions(a.version, b.version));
  // A table gone stale (every runtime of the language past its date) still deploys to the newest
  // known one rather than failing the service; the runtime table test fails first.
  const supported = known.filter(([, r]) => r.deprecated > day);
  const candidates = supported.length ? supported : known.slice(-1);
  return (candidates.find(([, r]) => compareVersions(r.version, version) >= 0) ?? candidates.at(-1)!)[0];
}

const isRetired = (version: string, lambdaRuntime: string) =>
  lambdaRuntime !== CUSTOM_RUNTIME && LAMBDA_RUNTIMES[lambdaRuntime]!.version !== version;

function info(family: RuntimeFamily, [id, version, extension]: Row, day: string): RuntimeInfo {
  const lambdaRuntime = lambdaRuntimeFor(family, version, day);
  const retired = isRetired(version, lambdaRuntime);
  return { id, family, version, lambdaRuntime, retired, extension: extension === true };
}

/**
 * What a retired value's deploy does, in words, and the accepted value that names the runtime it
 * really runs on (never one the validator would refuse).
 */
function withWarning(r: RuntimeInfo, table: RuntimeInfo[]): RuntimeInfo {
  if (!r.retired) return r;
  const exact = table.find((t) => t.family === r.family && !t.retired && t.lambdaRuntime === r.lambdaRuntime);
  return {
    ...r,
    warning:
      `${r.id} runs on Lambda's ${r.lambdaRuntime}: AWS no longer runs ${LANGUAGE[r.family]} ${r.version}. Test the function on ${LANGUAGE[r.family]} ${LAMBDA_RUNTIMES[r.lambdaRuntime]!.version}` +
      (exact ? `; runtime "${exact.id}" says so and deploys without this warning.` : '.'),
  };
}

/** The table as it deploys on `day` (UTC, YYYY-MM-DD). */
export function runtimesOn(day: string): RuntimeInfo[] {
  const table = Object.entries(TABLE).flatMap(([family, rows]) =>
    rows.map((row) => info(family as RuntimeFamily, row, day)),
  );
  return table.map((r) => withWarning(r, table));
}

/** Today's table, fixed for the life of the process. */
export const RUNTIMES: readonly RuntimeInfo[] = runtimesOn(new Date().toISOString().slice(0, 10));

const BY_ID = new Map(RUNTIMES.map((r) => [r.id, r]));

export const runtimeInfo = (id: string): RuntimeInfo | undefined => BY_ID.get(id);
