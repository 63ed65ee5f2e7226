// Settings of function hosting, read from the environment once and validated like lib/config.ts
// (to move there). FNQ_FUNCTIONS_RUNTIME picks the invoker: `local` child processes, or `lambda`.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '../config';

export interface FunctionSettings {
  runtime: 'local' | 'lambda';
  /** Per call, start-up included. */
  timeoutMs: number;
  memoryMb: number;
  /** What a JSON output that fails outputSchema gets: a warning header, or a 502. */
  outputCheck: 'header' | 'reject';
  /** Local runtime: where bundles are unpacked and built. */
  workDir: string;
  /** Lambda runtime: execution role of the function Lambdas (no permissions beyond logs). */
  roleArn?: string;
}

type Env = Record<string, string | undefined>;

export function loadFunctionSettings(env: Env = process.env): FunctionSettings {
  const problems: string[] = [];
  const value = (name: string) => env[name]?.trim() || undefined;
  const int = (name: string, fallback: number, min: number, max: number) => {
    const raw = value(name);
    const n = raw === undefined ? fallback : Number(raw);
    if (Number.isInteger(n) && n >= min && n <= max) return n;
    problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
    return fallback;
  };
  const oneOf = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const raw = value(name) ?? fallback;
    if (allowed.includes(raw as T)) return raw as T;
    problems.push(`${name} must be one of ${allowed.join(', ')} (got "${raw}")`);
    return fallback;
  };
  const stage = value('FNQ_STAGE') ?? 'local';
  const settings: FunctionSettings = {
    runtime: oneOf('FNQ_FUNCTIONS_RUNTIME', ['local', 'lambda'] as const, stage === 'local' ? 'local' : 'lambda'),
    timeoutMs: int('FNQ_FUNCTIONS_TIMEOUT_MS', 10_000, 100, 900_000),
    memoryMb: int('FNQ_FUNCTIONS_MEMORY_MB', 256, 128, 10_240),
    outputCheck: oneOf('FNQ_FUNCTIONS_OUTPUT_CHECK', ['header', 'reject'] as const, 'header'),
    workDir: value('FNQ_FUNCTIONS_WORK_DIR') ?? join(tmpdir(), `fnquery-functions-${stage}`),
    roleArn: value('FNQ_FUNCTIONS_ROLE_ARN'),
  };
  if (settings.runtime === 'lambda' && !settings.roleArn) problems.push('FNQ_FUNCTIONS_ROLE_ARN is required when functions run on AWS Lambda');
  if (problems.length) throw new ConfigError(problems);
  return settings;
}
