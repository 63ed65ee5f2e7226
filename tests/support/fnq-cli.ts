// Runs the fnq command line in-process, as the shell would (main() with argv), capturing what it prints.
import type { CliIO } from '../../cli/command';
import { main } from '../../cli/main';

export interface FnqRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** An IO for main() that keeps what the command prints. */
export function capturingIO(env: NodeJS.ProcessEnv = {}, cwd = process.cwd()): CliIO & FnqRun {
  const io: CliIO & FnqRun = {
    code: 0,
    stdout: '',
    stderr: '',
    out: (t) => void (io.stdout += `${t}\n`),
    err: (t) => void (io.stderr += `${t}\n`),
    env,
    cwd,
  };
  return io;
}

/** `fnq <argv…>` with `env` as its environment and `cwd` as its working folder. */
export async function runFnq(argv: string[], env: Record<string, string>, cwd: string): Promise<FnqRun> {
  const io = capturingIO(env, cwd);
  const code = await main(argv, io);
  return { code, stdout: io.stdout, stderr: io.stderr };
}
