// POST /mcp — hosted functions, the account's collections, deploys and uploads as MCP tools
// (stateless Streamable HTTP). Takes the token as svcwt or as `Authorization: Bearer`, which MCP clients send.
import { apiRoute, MCP_TAG_FILTER } from '../../lib/api/routes';
import { httpHandler, type HttpDeps } from '../../lib/http/handler';
import { routeCheck } from '../../lib/http/validate';
import { handleMcp, type McpDeps } from '../../lib/mcp/server';
import { config, httpDeps } from '../../lib/services/core';
import { functionInvoker, functionRegistry, submitDeps } from '../../lib/services/functions';
import { intakeDeps } from '../../lib/services/ingest';
import { lazyHandler } from '../../lib/services/lazy';
import { queryModel } from '../../lib/services/query';
import { vectordbDeps } from '../../lib/services/retrieval';

export function createMcpHandler(deps: { http: HttpDeps; mcp: McpDeps }) {
  // The `?tag=` filter is checked by the MCP server, and only where it applies (tools/list and
  // tools/call): discovery and the handshake answer whatever the URL carries, so a client meets a
  // bad filter as the error of its tool listing rather than as a failed connection.
  const { querySchema: _accepted, ...edge } = apiRoute('ANY /mcp');
  const mcp = { ...deps.mcp, checkQuery: routeCheck('ANY /mcp tag', MCP_TAG_FILTER, '/query') };
  return httpHandler(edge, (req) => handleMcp(req, mcp), deps.http);
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
      jobs: { submit: submitDeps(), intake: intakeDeps() },
    },
  }),
);
