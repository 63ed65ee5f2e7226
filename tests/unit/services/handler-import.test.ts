// Importing a handler module does nothing: no config read, no adapter built. Each is wired on its
// first call (lazyHandler), so tests build handlers from createX(deps) with no environment at all.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getConfig, resetConfig } from '../../../lib/config';
import { PROJECT_ROOT } from '../../../local/serverless-config';

const HANDLERS = ['http', 'queue', 'scheduled'].flatMap((dir) =>
  readdirSync(join(PROJECT_ROOT, 'handlers', dir))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => `handlers/${dir}/${f}`),
);

describe('handler modules', () => {
  it('import with no service environment, and export a handler', async () => {
    for (const name of Object.keys(process.env)) if (name.startsWith('FNQ_')) delete process.env[name];
    resetConfig();
    // The check itself: a config read here would fail.
    expect(() => getConfig()).toThrow();
    expect(HANDLERS.length).toBeGreaterThan(20);
    for (const file of HANDLERS) {
      const module = (await import(/* @vite-ignore */ join(PROJECT_ROOT, file))) as { handler?: unknown };
      expect(typeof module.handler, file).toBe('function');
    }
  }, 60_000);
});
