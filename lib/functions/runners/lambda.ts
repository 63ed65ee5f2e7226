import type { RuntimeFamily } from '../../spec/index';
import nodeBootstrap from './node/lambda-bootstrap.mjs?raw';
import type { RunnerSource } from './protocol';
import pythonBootstrap from './python/lambda_bootstrap.py?raw';
import rubyBootstrap from './ruby/lambda_bootstrap.rb?raw';

// Bootstraps added to a function's code when it is deployed as its own AWS Lambda (managed runtime).
// Each loads the entry file named by FNQ_ENTRY_FILE, calls FNQ_ENTRYPOINT with the invocation
// payload (the request object) and returns {body}. The Lambda's environment holds nothing else.
export interface LambdaBootstrap extends RunnerSource {
  /** The Lambda `Handler` setting. */
  handler: string;
}

export const LAMBDA_BOOTSTRAPS: Partial<Record<RuntimeFamily, LambdaBootstrap>> = {
  node: { fileName: 'fnq_bootstrap.mjs', handler: 'fnq_bootstrap.handler', source: nodeBootstrap },
  python: { fileName: 'fnq_bootstrap.py', handler: 'fnq_bootstrap.handler', source: pythonBootstrap },
  // Not `handler`: that is the usual name of the user's own method, which this file must not replace.
  ruby: { fileName: 'fnq_bootstrap.rb', handler: 'fnq_bootstrap.fnq_handler', source: rubyBootstrap },
};
