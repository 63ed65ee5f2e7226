// Tool annotations: what a client may conclude about calling each tool before it asks the user.
// The collection tools only read; a hosted function's hints follow its HTTP method.
import { describe, expect, it } from 'vitest';
import { collectionTools } from '../../../lib/mcp/collection-tools';
import { functionTool } from '../../../lib/mcp/function-tools';
import type { FunctionRecord } from '../../../lib/functions/ports';
import { validateSpec } from '../../../lib/spec/index';
import { recordOf, specFor } from '../functions/support';

function deployed(shortname: string, requestType: 'GET' | 'POST' | 'PUT' | 'DELETE'): FunctionRecord {
  const spec = validateSpec(specFor({ shortname, files: {}, requirements: { requestType } })).spec!;
  return recordOf(spec);
}

describe('tool annotations', () => {
  it('marks both collection tools read-only, idempotent and closed-world', () => {
    for (const tool of collectionTools()) {
      expect(tool.annotations).toEqual({ readOnlyHint: true, idempotentHint: true, openWorldHint: false });
    }
  });

  it('reads a function tool from its method: GET reads, DELETE destroys, POST and PUT write', () => {
    const hints = (method: 'GET' | 'POST' | 'PUT' | 'DELETE') =>
      functionTool(deployed(`fn-${method.toLowerCase()}`, method)).annotations;
    expect(hints('GET')).toEqual({ readOnlyHint: true, idempotentHint: true, openWorldHint: true });
    expect(hints('DELETE')).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: true });
    expect(hints('PUT')).toMatchObject({ readOnlyHint: false, idempotentHint: true });
    expect(hints('POST')).toMatchObject({ readOnlyHint: false, idempotentHint: false });
    // Hosted code can reach anything, whatever its method.
    for (const method of ['GET', 'POST', 'PUT', 'DELETE'] as const) expect(hints(method).openWorldHint).toBe(true);
  });
});
