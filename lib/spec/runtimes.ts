// The runtime table of INTERFACE.md as data, with the AWS Lambda runtime each value deploys to.
// Lambda retires language versions over time; a retired value keeps working by deploying to the
// nearest supported version of the same language, and the deploy prints the warning below.
// Go and PHP have no managed Lambda runtime: they run on the OS-only runtime (custom bootstrap).

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
  /** Shown at validation and deploy time when `retired`. */
  warning?: string;
}

const CUSTOM_RUNTIME = 'provided.al2023';

type Row = [id: string, version: string, lambdaRuntime: string];

const TABLE: Record<RuntimeFamily, Row[]> = {
  node: [
    ['nodejs20', '20', 'nodejs20.x'],
    ['nodejs18', '18', 'nodejs18.x'],
    ['nodejs16', '16', 'nodejs18.x'],
    ['nodejs14', '14', 'nodejs18.x'],
    ['nodejs12', '12', 'nodejs18.x'],
    ['nodejs10', '10', 'nodejs18.x'],
    ['nodejs8', '8', 'nodejs18.x'],
    ['nodejs6', '6', 'nodejs18.x'],
  ],
  python: [
    ['python312', '3.12', 'python3.12'],
    ['python311', '3.11', 'python3.11'],
    ['python310', '3.10', 'python3.10'],
    ['python39', '3.9', 'python3.9'],
    ['python38', '3.8', 'python3.9'],
    ['python37', '3.7', 'python3.9'],
  ],
  go: ['1.22', '1.21', '1.20', '1.19', '1.18', '1.16', '1.13', '1.12', '1.11'].map(
    (v): Row => [`go${v.replace('.', '')}`, v, CUSTOM_RUNTIME],
  ),
  java: [
    ['java21', '21', 'java21'],
    ['java17', '17', 'java17'],
    ['java11', '11', 'java11'],
  ],
  ruby: [
    ['ruby32', '3.2', 'ruby3.2'],
    ['ruby30', '3.0', 'ruby3.2'],
    ['ruby27', '2.7', 'ruby3.2'],
    ['ruby26', '2.6', 'ruby3.2'],
  ],
  php: [
    ['php82', '8.2', CUSTOM_RUNTIME],
    ['php81', '8.1', CUSTOM_RUNTIME],
    ['php74', '7.4', CUSTOM_RUNTIME],
  ],
  dotnet: [
    ['dotnet8', '8', 'dotnet8'],
    ['dotnet6', '6', 'dotnet8'],
  ],
};

/** A managed runtime whose identifier does not carry the requested version means a newer version. */
function isRetired(version: string, lambdaRuntime: string): boolean {
  if (lambdaRuntime === CUSTOM_RUNTIME) return false;
  const digits = (s: string) => s.replace(/\D/g, '');
  return digits(lambdaRuntime) !== digits(version);
}

function info(family: RuntimeFamily, [id, version, lambdaRuntime]: Row): RuntimeInfo {
  const retired = isRetired(version, lambdaRuntime);
  return {
    id,
    family,
    version,
    lambdaRuntime,
    retired,
    ...(retired && {
      warning: `${id} is retired on AWS Lambda; the function deploys to ${lambdaRuntime}. Test it there, or set runtime to the newer value.`,
    }),
  };
}

export const RUNTIMES: readonly RuntimeInfo[] = Object.entries(TABLE).flatMap(([family, rows]) =>
  rows.map((row) => info(family as RuntimeFamily, row)),
);

const BY_ID = new Map(RUNTIMES.map((r) => [r.id, r]));

export const runtimeInfo = (id: string): RuntimeInfo | undefined => BY_ID.get(id);
