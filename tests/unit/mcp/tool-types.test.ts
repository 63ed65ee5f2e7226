// The MCP tools' arguments are typed from their input schemas (the compiled check narrows to that
// type), so the type a tool reads cannot drift from what its schema lets through: the type-level
// assertions fail `npm run typecheck` when it would, the run-time ones show Ajv agrees with the type.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { collectionTools, type AskArgs, type SearchArgs } from '../../../lib/mcp/collection-tools';
import { jobTools, type DeployArgs, type UploadArgs } from '../../../lib/mcp/job-tools';
import { serviceAjv } from '../../../lib/json-schema';
import { ASK_COLLECTION, DEPLOY_FUNCTION, SEARCH_COLLECTION, UPLOAD_DOCUMENT } from '../../../lib/mcp/tool-names';

const schemaOf = (name: string) => [...collectionTools(), ...jobTools()].find((t) => t.name === name)!.inputSchema;
const accepts = (name: string, value: unknown) => serviceAjv().validate(schemaOf(name), value);

describe('MCP tool argument types', () => {
  it('require what the input schema requires; a defaulted limit stays optional (no defaults are filled in)', () => {
    expectTypeOf<SearchArgs>().toEqualTypeOf<{ collection: string; query: string; limit?: number }>();
    expectTypeOf<AskArgs>().toEqualTypeOf<{ collection: string; query: string; rag_query?: string }>();
    expectTypeOf<DeployArgs>().toEqualTypeOf<{ bundle_base64: string }>();
    const search: SearchArgs = { collection: 'notes', query: 'leave policy' };
    expect(accepts(SEARCH_COLLECTION, search)).toBe(true);
    // @ts-expect-error: query is required by the schema, hence by the type
    const noQuery: AskArgs = { collection: 'notes' };
    expect(accepts(ASK_COLLECTION, noQuery)).toBe(false);
    // @ts-expect-error: the schema refuses unknown arguments, so the type has none
    const extra: DeployArgs = { bundle_base64: 'UEsFBg==', name: 'x' };
    expect(accepts(DEPLOY_FUNCTION, extra)).toBe(false);
  });

  it('type the upload as text or file, as its oneOf says', () => {
    const asText: UploadArgs = { collection_name: 'notes', filename: 'a.md', text: '# Notes' };
    const asFile: UploadArgs = { collection_name: 'notes', filename: 'a.pdf', content_base64: 'JVBERi0=' };
    expect(accepts(UPLOAD_DOCUMENT, asText)).toBe(true);
    expect(accepts(UPLOAD_DOCUMENT, asFile)).toBe(true);
    // @ts-expect-error: neither text nor content_base64
    const neither: UploadArgs = { collection_name: 'notes', filename: 'a.md' };
    expect(accepts(UPLOAD_DOCUMENT, neither)).toBe(false);
  });
});
