// Starts the same stack `npm start` runs, on free ports with a throw-away data folder.
import { appendFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../local/emulators';
import { startLocalStack } from '../../local/stack';

declare module 'vitest' {
  export interface ProvidedContext {
    stackUrl: string;
    stackSecret: string;
    /** The emulators' FNQ_* environment, for tests that seed or inspect stored state. */
    stackEnv: Record<string, string>;
  }
}

export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), 'fnq-e2e-'));
  const output: string[] = [];
  // The stack's own output, kept where a failed run can be read (.tmp is ignored by git).
  mkdirSync('.tmp', { recursive: true });
  const logFile = join('.tmp', 'e2e-stack.log');
  rmSync(logFile, { force: true });
  const log = (line: string) => {
    output.push(line);
    appendFileSync(logFile, `${new Date().toISOString()} ${line}\n`);
  };
  // A short function timeout keeps the runaway-function test quick; cold starts stay well within it.
  const env = { FNQ_FUNCTIONS_TIMEOUT_MS: '5000' };
  const stack = await startLocalStack({ port: await freePort(), dataDir, env, log }).catch((e) => {
    throw new Error(`local stack failed to start: ${e.message}\n${output.join('\n')}`);
  });
  project.provide('stackUrl', stack.url);
  project.provide('stackSecret', stack.secret);
  project.provide('stackEnv', {
    ...stack.emulators.env,
    FNQ_JWT_SECRET: stack.secret,
    FNQ_LANCE_URI: join(dataDir, 'lancedb'),
  });
  return async () => {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
