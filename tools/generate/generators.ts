// Every generator of committed source: each returns the files it owns, as repo-relative path → content.
// `npm run generate` writes them; tests/unit/generated-current.test.ts fails when a committed file
// differs from what its generator makes now, so a fresh clone never needs a generation step.
// Add a generator: one module under tools/generate/ with a default export of this shape, one line below.

export type Generator = () => Promise<Record<string, string>>;

export const GENERATORS: Record<string, () => Promise<{ default: Generator }>> = {
  'runner-sources': () => import('./runner-sources'),
  'word-lists': () => import('./word-lists'),
  'catalog-assets': () => import('./catalog-assets'),
  'validation-worker': () => import('./validation-worker'),
  'sdk-types': () => import('./sdk-types'),
  'route-validators': () => import('./route-validators'),
  'mcp-validators': () => import('./mcp-validators'),
};
