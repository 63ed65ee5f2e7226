#!/usr/bin/env node
// The `fnq` command. Loads the TypeScript entry through tsx so the checkout needs no build step.
import { register } from 'tsx/esm/api';

register();
// `?raw` imports (the hosted functions' runner sources), as the Lambda bundles and vitest have them.
await import('../text-imports.mjs');
const { main } = await import('./main.ts');
process.exitCode = await main(process.argv.slice(2));
