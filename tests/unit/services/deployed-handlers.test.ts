// serverless.yml deploys each handler module in handlers/ as it is: its bundle is split at every import(),
// so a cold start reads the handler's own chunks and none of the adapters it loads on first use
// (docs/lambda-runtime.md). These tests hold the wiring together: serverless.yml → handler module.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadServerless, PROJECT_ROOT } from '../../../local/serverless-config';

const handlerFiles = ['http', 'queue', 'scheduled'].flatMap((dir) =>
  readdirSync(join(PROJECT_ROOT, 'handlers', dir))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => `handlers/${dir}/${f.slice(0, -3)}`),
);

describe('deployed handlers', () => {
  const doc = loadServerless() as unknown as { functions: Record<string, { handler: string }> };
  const deployed = Object.values(doc.functions).map((f) => f.handler);

  it('name a handler module and its `handler` export, one function per module', () => {
    expect(deployed.length).toBeGreaterThan(20);
    for (const handler of deployed) {
      expect(handler).toMatch(/^handlers\/(http|queue|scheduled)\/[a-z-]+\.handler$/);
      expect(existsSync(join(PROJECT_ROOT, `${handler.slice(0, -'.handler'.length)}.ts`)), handler).toBe(true);
    }
    expect(new Set(deployed).size).toBe(deployed.length);
  });

  it('cover every handler module', () => {
    expect(handlerFiles.filter((h) => !deployed.includes(`${h}.handler`))).toEqual([]);
  });

  it('export a Lambda handler that reads no config and builds nothing on import', async () => {
    const saved = { ...process.env };
    for (const k of Object.keys(process.env)) if (k.startsWith('FNQ_')) delete process.env[k];
    try {
      // With no configuration at all, importing must still succeed: the wiring waits for the first call.
      const { handler } = (await import('../../../handlers/http/health')) as { handler: unknown };
      expect(typeof handler).toBe('function');
    } finally {
      Object.assign(process.env, saved);
    }
  });
});
