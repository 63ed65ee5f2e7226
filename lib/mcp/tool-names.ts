// MCP tool names. Every valid shortname (letters, digits, `-`, `_`, at most 64) already follows
// MCP's name rule (1–128 of letters, digits, `_`, `-`, `.`), and the AI tool APIs' stricter one
// (no dots), so a function's tool name is its shortname. The one clash is with the service's own
// tools: a function named like one of them (in any case, since shortnames ignore case) is listed as
// `_<shortname>`. No shortname starts with `_`, so the mapped name can never be another function's.
import { registryKey } from '../functions/ports';

export const SEARCH_COLLECTION = 'search_collection';
export const ASK_COLLECTION = 'ask_collection';
export const DEPLOY_FUNCTION = 'fnq_deploy_function';
export const UPLOAD_DOCUMENT = 'fnq_upload_document';
const RESERVED = new Set([SEARCH_COLLECTION, ASK_COLLECTION, DEPLOY_FUNCTION, UPLOAD_DOCUMENT]);

const MAPPED_PREFIX = '_';

export function toolNameOf(shortname: string): string {
  return RESERVED.has(registryKey(shortname)) ? `${MAPPED_PREFIX}${shortname}` : shortname;
}

export type ToolTarget = { kind: 'builtin'; name: string } | { kind: 'function'; shortname: string };

/** The tool a name stands for; the unmapped form of a reserved function name means the built-in or nothing. */
export function resolveToolName(name: string): ToolTarget | undefined {
  if (RESERVED.has(name)) return { kind: 'builtin', name };
  if (RESERVED.has(registryKey(name))) return undefined;
  if (name.startsWith(MAPPED_PREFIX)) {
    const shortname = name.slice(MAPPED_PREFIX.length);
    return RESERVED.has(registryKey(shortname)) ? { kind: 'function', shortname } : undefined;
  }
  return { kind: 'function', shortname: name };
}
