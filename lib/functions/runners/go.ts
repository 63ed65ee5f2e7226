import { RUNNER_SOURCES } from './generated/sources';
import type { RunnerSource } from './protocol';

// Go has no lookup of functions by name, so the runner (go/runner.go) is written with the
// entrypoint's name in place of fnqEntrypoint and compiled together with the function's package
// main: func <Entrypoint>(map[string]any) (any, error).
const CALL = 'fnqEntrypoint(request)';

const withEntrypoint = (source: string, entrypoint: string) => {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(entrypoint)) throw new Error(`not a Go identifier: ${entrypoint}`);
  return source.replace(CALL, `${entrypoint}(request)`);
};

export const goRunner = (entrypoint: string): RunnerSource => ({
  fileName: 'fnq_runner.go',
  source: withEntrypoint(RUNNER_SOURCES['go/runner.go'], entrypoint),
});

/** The Runtime API loop built into a Go function's `bootstrap` for Lambda (buildspecs/go.yml builds it). */
export const goLambdaBootstrap = (entrypoint: string): RunnerSource => ({
  fileName: 'fnq_lambda_bootstrap.go',
  source: withEntrypoint(RUNNER_SOURCES['go/lambda_bootstrap.go'], entrypoint),
});

for (const name of ['go/runner.go', 'go/lambda_bootstrap.go'] as const)
  if (RUNNER_SOURCES[name].split(CALL).length !== 2) throw new Error(`${name} must call ${CALL} exactly once`);
