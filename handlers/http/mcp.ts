// POST /mcp — hosted functions and the account's collections as MCP tools (stateless Streamable
// HTTP). Takes the token as svcwt or as `Authorization: Bearer`, which MCP clients send.
import { apiRoute } from '../../lib/api/routes';
import { httpHandler, type HttpDeps } from '../../lib/http/handler';
import { handleMcp, type McpDeps } from '../../lib/mcp/server';
import { config, httpDeps } from '../../lib/services/core';
import { functionInvoker, functionRegistry } from '../../lib/services/functions';
import { queryModel } from '../../lib/services/query';
import { vectordbDeps } from '../../lib/services/retrieval';

const mcpDeps = (): McpDeps => ({
  registry: functionRegistry(),
  invoker: functionInvoker(),
  timeoutMs: config().functions.timeoutMs,
  retrieval: vectordbDeps(),
  queryModel,
  version: config().version,
});

export function createMcpHandler(deps: () => McpDeps, http: () => HttpDeps = httpDeps) {
  return httpHandler(apiRoute('ANY /mcp'), (req) => handleMcp(req, deps()), http);
}

export const handler = createMcpHandler(mcpDeps);
