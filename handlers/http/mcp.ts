// POST /mcp — hosted functions, the account's collections, deploys and uploads as MCP tools
// (stateless Streamable HTTP). Takes the token as svcwt or as `Authorization: Bearer`, which MCP clients send.
// This module is the route's edge: the MCP server and its dependencies are imported on the first request
// past auth (after-auth/) that is a well-formed JSON-RPC request, so a refused or malformed one loads none
// of them (the framing's answers are the server's own, lib/mcp/framing.ts).
import { apiRoute, MCP_TAG_FILTER } from '../../lib/api/routes';
import { httpHandler, type HttpDeps } from '../../lib/http/handler';
import { routeCheck } from '../../lib/http/validate';
import { frameMcpRequest } from '../../lib/mcp/framing';
import type { McpDeps } from '../../lib/mcp/server';
import { httpDeps } from '../../lib/services/core';
import { lazyHandler, once } from '../../lib/services/lazy';

const server = once(() => import('../../lib/mcp/server'));

/** `mcp`: the server's dependencies, or how to load them on the first request past auth. */
export function createMcpHandler(deps: { http: HttpDeps; mcp: McpDeps | (() => Promise<McpDeps>) }) {
  // The `?tag=` filter is checked by the MCP server, and only where it applies (tools/list and
  // tools/call): discovery and the handshake answer whatever the URL carries, so a client meets a
  // bad filter as the error of its tool listing rather than as a failed connection.
  const { querySchema: _accepted, ...edge } = apiRoute('ANY /mcp');
  const checkQuery = routeCheck('ANY /mcp tag', MCP_TAG_FILTER, '/query');
  const load = deps.mcp;
  const mcp = once(async () => ({ ...(typeof load === 'function' ? await load() : load), checkQuery }));
  return httpHandler(
    edge,
    async (req) => {
      const framed = frameMcpRequest(req);
      if ('reply' in framed) return framed.reply;
      return await (await server()).serveMcp(framed, req, await mcp());
    },
    deps.http,
  );
}

export const handler = lazyHandler(() =>
  createMcpHandler({
    http: httpDeps(),
    mcp: async () => (await import('./after-auth/mcp')).wiredMcpDeps(),
  }),
);
