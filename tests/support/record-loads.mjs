// Module hooks that write the URL of every module Node loads (ES modules and the CommonJS packages they
// import) to the file named by FNQ_LOADED_MODULES_LOG, one a line: what a path loaded, for
// tests/support/loaded-modules.ts. Registered with `--import` before the code under test runs.
import { appendFileSync } from 'node:fs';
import { register } from 'node:module';

const hooks = `
import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  appendFileSync(process.env.FNQ_LOADED_MODULES_LOG, url + '\\n');
  return next(url, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);
appendFileSync(process.env.FNQ_LOADED_MODULES_LOG, '');
