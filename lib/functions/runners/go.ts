import type { RunnerSource } from './protocol';
import template from './go/runner.go?raw';

// Go has no lookup of functions by name, so the runner (go/runner.go) is written with the
// entrypoint's name in place of fnqEntrypoint and compiled together with the function's package
// main: func <Entrypoint>(map[string]any) (any, error).
const CALL = 'fnqEntrypoint(request)';

export const goRunner = (entrypoint: string): RunnerSource => {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(entrypoint)) throw new Error(`not a Go identifier: ${entrypoint}`);
  return { fileName: 'fnq_runner.go', source: template.replace(CALL, `${entrypoint}(request)`) };
};

if (template.split(CALL).length !== 2) throw new Error(`go/runner.go must call ${CALL} exactly once`);
