// docs/architecture.md's house rules, written in .dependency-cruiser.cjs, hold for the whole tree; and a tree
// that breaks one is caught (a fixture pipeline importing an adapter), so the check itself works.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../local/serverless-config';

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

function cruise(cwd: string, paths: string[]): Violation[] {
  const cli = join(PROJECT_ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
  const out = execFileSync(
    process.execPath,
    [cli, '--config', join(PROJECT_ROOT, '.dependency-cruiser.cjs'), '--output-type', 'json', ...paths],
    {
      cwd,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return (JSON.parse(out) as { summary: { violations: Violation[] } }).summary.violations;
}

describe('house rules', () => {
  it('hold for lib/, handlers/ and packages/: ports in their homes, no backward edge, no cycle', () => {
    const violations = cruise(PROJECT_ROOT, ['lib', 'handlers', 'packages']);
    expect(violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)).toEqual([]);
  }, 120_000);

  it('catch a pipeline that imports an adapter', () => {
    const violations = cruise(join(PROJECT_ROOT, 'tests/unit/fixtures/house-rules'), ['lib']);
    // The adapter import breaks two rules: pipelines go through ports, and only the root wires adapters.
    expect(violations.map((v) => [v.rule.name, v.from, v.to]).sort()).toEqual([
      ['only-the-root-wires', 'lib/query/pipeline.ts', 'lib/aws/client.ts'],
      ['pipelines-through-ports', 'lib/query/pipeline.ts', 'lib/aws/client.ts'],
    ]);
  }, 60_000);

  it("catch the service reaching past a package entry, and a package's code, tests or bench reaching into the service", () => {
    const violations = cruise(join(PROJECT_ROOT, 'tests/unit/fixtures/package-boundary'), ['lib', 'packages']);
    expect(violations.map((v) => [v.rule.name, v.from, v.to]).sort()).toEqual([
      ['packages-stand-alone', 'packages/engine/bench/rank-bench.ts', 'bench/timing.ts'],
      ['packages-stand-alone', 'packages/engine/src/reach-back.ts', 'lib/search.ts'],
      ['packages-stand-alone', 'packages/engine/tests/rank-check.ts', 'lib/search.ts'],
      ['packages-through-their-entries', 'lib/search.ts', 'packages/engine/src/inner.ts'],
    ]);
  }, 60_000);
});
