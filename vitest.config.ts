import { defineConfig } from 'vitest/config';
import { CATALOG_ASSETS_ID, catalogAssetsModule, workerScript } from './esbuild-plugins.mjs';

// Node 20 is what this machine and the Lambda runtime we test against run; the SDK's notice
// about its future releases is known and would otherwise print in every worker.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
// LanceDB warns on every commit race it then resolves (normal with concurrent writers).
process.env.LANCEDB_LOG ??= 'error';

export default defineConfig({
  // The virtual module of the catalog's browser assets, built as the Lambda bundles build it.
  plugins: [
    {
      name: 'fnq-catalog-assets',
      resolveId: (id) => (id === CATALOG_ASSETS_ID ? `\0${id}` : undefined),
      load: (id) => (id === `\0${CATALOG_ASSETS_ID}` ? catalogAssetsModule() : undefined),
    },
    // `?bundle`: a worker thread's script, built as the Lambda bundles build it.
    {
      name: 'fnq-worker-bundle',
      load: async (id) =>
        id.endsWith('?bundle')
          ? `export default ${JSON.stringify(await workerScript(id.slice(0, -'?bundle'.length)))};`
          : undefined,
    },
  ],
  test: {
    testTimeout: 30_000,
    hookTimeout: 240_000,
    pool: 'forks',
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'packages/*/tests/**/*.test.ts'] } },
      { extends: true, test: { name: 'integration', include: ['tests/integration/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          // One local stack (serverless offline + emulators) serves every e2e file.
          globalSetup: ['tests/e2e/global-setup.ts'],
          fileParallelism: false,
        },
      },
    ],
  },
});
