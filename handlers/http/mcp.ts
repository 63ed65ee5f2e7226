// POST /mcp — hosted functions and the account's collections as MCP tools (stateless Streamable
// HTTP). Takes the token as svcwt or as `Authorization: Bearer`, which MCP clients send.
import { httpHandler, type HttpDeps } from '../../lib/http/handler';
import { handleMcp, type McpDeps } from '../../lib/mcp/server';
import { TAG } from '../../lib/spec/rules';
import { config, httpDeps } from '../../lib/services/core';
import { functionInvoker, functionRegistry } from '../../lib/services/functions';
import { queryModel } from '../../lib/services/query';
import { vectordbDeps } from '../../lib/services/retrieval';

const tagList = TAG.pattern.source.replace(/^\^|\$$/g, '');
const querySchema = {
  type: 'object',
  properties: { tag: { type: 'string', pattern: `^${tagList}(,${tagList})*$`, maxLength: 1024 } },
  additionalProperties: false,
};

const mcpDeps = (): McpDeps => ({
  registry: functionRegistry(),
  invoker: functionInvoker(),
  timeoutMs: config().functions.timeoutMs,
  retrieval: vectordbDeps(),
  queryModel,
  version: config().version,
});

export function createMcpHandler(deps: () => McpDeps, http: () => HttpDeps = httpDeps) {
  // One route for every method, so GET and DELETE get MCP's 405 rather than a gateway 404.
  return httpHandler({ route: 'ANY /mcp', body: 'raw', querySchema, bearer: true }, (req) => handleMcp(req, deps()), http);
}

export const handler = createMcpHandler(mcpDeps);
