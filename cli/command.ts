// The contract every `fnq` sub-command implements. Output goes through `io` so tests can capture it.
import { parseArgs, type ParseArgsConfig } from 'node:util';

export interface CliIO {
  out: (text: string) => void;
  err: (text: string) => void;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

export interface Command {
  name: string;
  summary: string;
  /** Full help: the usage lines of every sub-command, then what the options mean. */
  usage: string;
  /** Help of each sub-command, for `fnq <command> <sub-command> --help`. */
  subcommands?: Record<string, string>;
  /** Exit code: 0 success, 1 the thing checked is invalid or the call failed, 2 usage error. */
  run(argv: string[], io: CliIO): Promise<number>;
}

export const processIO = (): CliIO => ({
  out: (t) => process.stdout.write(t.endsWith('\n') ? t : `${t}\n`),
  err: (t) => process.stderr.write(t.endsWith('\n') ? t : `${t}\n`),
  env: process.env,
  cwd: process.cwd(),
});

/** Raised by commands for bad arguments; main() prints the usage and exits 2. */
export class UsageError extends Error {}

/** parseArgs, strict, with its complaints turned into usage errors. */
export function parseOptions<O extends NonNullable<ParseArgsConfig['options']>>(argv: string[], options: O) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
}
