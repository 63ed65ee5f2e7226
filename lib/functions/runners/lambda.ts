import type { RuntimeFamily } from '../../spec/index';
import type { RunnerSource } from './protocol';

// Bootstraps added to a function's code when it is deployed as its own AWS Lambda (managed runtime).
// Each loads the entry file named by FNQ_ENTRY_FILE, calls FNQ_ENTRYPOINT with the invocation
// payload (the request object) and returns {body}. The Lambda's environment holds nothing else.
export interface LambdaBootstrap extends RunnerSource {
  /** The Lambda `Handler` setting. */
  handler: string;
}

export const LAMBDA_BOOTSTRAPS: Partial<Record<RuntimeFamily, LambdaBootstrap>> = {
  node: {
    fileName: 'fnq_bootstrap.mjs',
    handler: 'fnq_bootstrap.handler',
    source: String.raw`
import { pathToFileURL } from 'node:url';

const { LAMBDA_TASK_ROOT, FNQ_ENTRY_FILE, FNQ_ENTRYPOINT } = process.env;
const mod = await import(pathToFileURL(LAMBDA_TASK_ROOT + '/' + FNQ_ENTRY_FILE).href);
const fn = typeof mod[FNQ_ENTRYPOINT] === 'function' ? mod[FNQ_ENTRYPOINT] : mod.default && mod.default[FNQ_ENTRYPOINT];

export const handler = async (request) => {
  const body = await fn(request);
  return { body: body === undefined ? null : body };
};
`,
  },
  python: {
    fileName: 'fnq_bootstrap.py',
    handler: 'fnq_bootstrap.handler',
    source: String.raw`
import importlib, os

_module = importlib.import_module(os.environ['FNQ_ENTRY_FILE'][:-len('.py')])
_fn = getattr(_module, os.environ['FNQ_ENTRYPOINT'])

def handler(request, context):
    return {'body': _fn(request)}
`,
  },
  ruby: {
    fileName: 'fnq_bootstrap.rb',
    // Not `handler`: that is the usual name of the user's own method, which this file must not replace.
    handler: 'fnq_bootstrap.fnq_handler',
    source: String.raw`
load File.join(ENV['LAMBDA_TASK_ROOT'], ENV['FNQ_ENTRY_FILE'])

def fnq_handler(event:, context:)
  { 'body' => send(ENV['FNQ_ENTRYPOINT'], event) }
end
`,
  },
};
