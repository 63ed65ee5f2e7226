// POST /mcp — hosted functions and the account's collections as MCP tools (stateless Streamable
// HTTP). Takes the token as svcwt or as `Authorization: Bearer`, which MCP clients send.
import { apiRoute } from '../../lib/api/routes';
import { httpHandler, type HttpDeps } from '../../lib/http/handler';
import { handleMcp, type McpDeps } from '../../lib/mcp/server';
import { config, httpDeps } from '../../lib/services/core';
import { functionInvoker, functionRegistry } from '../../lib/services/functions';
import { lazyHandler } from '../../lib/services/lazy';
import { queryModel } from '../../lib/services/query';
import { vectordbDeps } from '../../lib/services/retrieval';

export function createMcpHandler(deps: { http: HttpDeps; mcp: McpDeps }) {
  return httpHandler(apiRoute('ANY /mcp'), (req) => handleMcp(req, deps.mcp), deps.http);
}

export const handler = lazyHandler(() =>
  createMcpHandler({
    http: httpDeps(),
    mcp: {
      registry: functionRegistry(),
      invoker: functionInvoker(),
      timeoutMs: config().functions.timeoutMs,
      retrieval: vectordbDeps(),
      queryModel,
      version: config().version,
    },
  }),
);
