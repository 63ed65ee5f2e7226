// Every Lambda starts at a thin entry (lambda/) that imports its handler on the first call, so a
// cold start parses the bundle but evaluates none of the handler's modules (bench/bundles measures
// the import). These tests hold the wiring together: serverless.yml → entry → handler.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { onFirstCall } from '../../../lambda/first-call';
import { loadServerless, PROJECT_ROOT } from '../../../local/serverless-config';

const handlerFiles = ['http', 'queue', 'scheduled'].flatMap((dir) =>
  readdirSync(join(PROJECT_ROOT, 'handlers', dir))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => `${dir}/${f.slice(0, -3)}`),
);

describe('Lambda entries', () => {
  it('are what serverless.yml deploys: one per handler, each importing that handler on the first call', () => {
    const doc = loadServerless() as unknown as { functions: Record<string, { handler: string }> };
    const deployed = Object.values(doc.functions).map((f) => f.handler);
    expect(deployed.length).toBeGreaterThan(20);
    for (const handler of deployed) {
      expect(handler).toMatch(/^lambda\/(http|queue|scheduled)\/[a-z-]+\.handler$/);
      const entry = `${handler.slice(0, -'.handler'.length)}.ts`;
      const source = readFileSync(join(PROJECT_ROOT, entry), 'utf8');
      const target = entry.replace(/^lambda\//, '').replace(/\.ts$/, '');
      expect(source, entry).toContain(`onFirstCall(() => import('../../handlers/${target}'))`);
    }
    // Every handler is deployed, through its entry.
    expect(handlerFiles.filter((h) => !deployed.includes(`lambda/${h}.handler`))).toEqual([]);
    expect(handlerFiles.every((h) => existsSync(join(PROJECT_ROOT, 'lambda', `${h}.ts`)))).toBe(true);
  });
});

describe('onFirstCall', () => {
  it('imports nothing until called, then once, and passes event and context through', async () => {
    const inner = vi.fn(async (event: number, context: string) => `${context}:${event * 2}`);
    const load = vi.fn(async () => ({ handler: inner }));
    const handler = onFirstCall(load);
    expect(load).not.toHaveBeenCalled();
    expect(await Promise.all([handler(1, 'a'), handler(2, 'b')])).toEqual(['a:2', 'b:4']);
    expect(await handler(3, 'c')).toBe('c:6');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not keep a failed import: that call fails and the next one imports again', async () => {
    let attempts = 0;
    const handler = onFirstCall(async () => {
      if (++attempts === 1) throw new Error('module not found');
      return { handler: async (event: string) => event.toUpperCase() };
    });
    await expect(handler('x', undefined)).rejects.toThrow('module not found');
    expect(await handler('y', undefined)).toBe('Y');
    expect(attempts).toBe(2);
  });
});
