#!/usr/bin/env node
// The `fnq` command. Loads the TypeScript entry through tsx so the checkout needs no build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('./main.ts');
process.exitCode = await main(process.argv.slice(2));
