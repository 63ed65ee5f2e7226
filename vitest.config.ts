import { defineConfig } from 'vitest/config';

// Node 20 is what this machine and the Lambda runtime we test against run; the SDK's notice
// about its future releases is known and would otherwise print in every worker.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
// LanceDB warns on every commit race it then resolves (normal with concurrent writers).
process.env.LANCEDB_LOG ??= 'error';

export default defineConfig({
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
