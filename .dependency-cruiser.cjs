// The house rules of docs/architecture.md as dependency rules, checked by tests/unit/house-rules.test.ts
// (so the README's test command and CI run them) and by `npm run lint:deps`.
'use strict';

const ADAPTER_DRIVERS = '^node_modules/(@aws-sdk|@lancedb|mysql2|mongodb)/';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle makes two modules one; split out what both need.',
      from: { path: '^(lib|handlers|packages)/' },
      to: { circular: true },
    },
    {
      name: 'lib-not-outward',
      severity: 'error',
      comment: 'lib is used by handlers, the dev stack, the CLI, benchmarks and tests; it never uses them.',
      from: { path: '^lib/' },
      to: { path: '^(handlers|local|cli|bench|tests|sdk)/' },
    },
    {
      name: 'pipelines-through-ports',
      severity: 'error',
      comment:
        'lib/query orchestrates over ports: no AWS client, no database or vector-store driver, no adapter module, no AI engine (its tasks come through lib/ai/tasks.ts).',
      from: { path: '^lib/query/' },
      to: {
        path: [
          ADAPTER_DRIVERS,
          '^lib/aws/',
          '^lib/vectors/(lancedb|mongodb)-store',
          '^lib/sql/(connect|execute|introspect)',
          '^packages/heuristic-engine/',
        ],
      },
    },
    {
      name: 'http-knows-no-domain',
      severity: 'error',
      comment: 'lib/http is the edge (events, auth, bodies, envelopes): it calls no pipeline or domain module.',
      from: { path: '^lib/http/' },
      to: { path: '^lib/(query|ingest|functions|vectors|sql|mcp|catalog)/' },
    },
    {
      name: 'domain-not-through-http',
      severity: 'error',
      comment: 'Domain modules do not reach back into the HTTP edge.',
      from: { path: '^lib/(query|ingest|functions|vectors|sql|ai|spec|wire|storage)/' },
      to: { path: '^lib/http/' },
    },
    {
      name: 'edge-and-spec-below-ai',
      severity: 'error',
      comment:
        'JSON Schema and tool types belong to the spec and lib/json-schema.ts; the AI port builds on them, not the reverse.',
      from: { path: '^lib/(http|spec)/' },
      to: { path: '^lib/ai/' },
    },
    {
      name: 'domains-apart',
      severity: 'error',
      comment: 'Hosted functions and ingestion share ports from their one home (lib/storage/ports.ts), not each other.',
      from: { path: '^lib/functions/' },
      to: { path: '^lib/ingest/' },
    },
    {
      name: 'adapters-hold-no-domain-logic',
      severity: 'error',
      comment: 'An AWS adapter implements a port with AWS calls; the domain logic it needs comes in through that port.',
      from: { path: '^lib/aws/' },
      // Types are the port's vocabulary (records, the normalised spec); behaviour is not.
      to: {
        path: '^lib/(functions|ingest|query|spec)/',
        pathNot: '(^|/)ports\\.ts$',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'adapters-hold-no-pipeline',
      severity: 'error',
      comment: 'Adapters translate a port to a service; they never call a pipeline.',
      from: { path: '^lib/(aws/|vectors/(lancedb|mongodb)-store|sql/)' },
      to: { path: '^lib/(query|services|mcp|catalog)/' },
    },
    {
      name: 'ports-are-types',
      severity: 'error',
      comment: 'A ports file declares interfaces; it imports types only, never behaviour.',
      from: { path: '(^|/)ports\\.ts$' },
      to: { dependencyTypesNot: ['type-only'], path: '^lib/' },
    },
    {
      name: 'config-at-the-bottom',
      severity: 'error',
      comment:
        'Config parses and validates the environment; everything may read it, so it imports nothing of lib (the root loads secrets and builds from it).',
      from: { path: '^lib/config\\.ts$' },
      to: { path: '^lib/' },
    },
    {
      name: 'packages-stand-alone',
      severity: 'error',
      comment:
        'A workspace package (the heuristic engine, the text tools, the contracts) knows nothing of the service: it is used by it, through its entry. Its tests and benches too, so the package can be tested and measured alone; a test of the engine against service code belongs to the service.',
      from: { path: '^packages/[^/]+/(src|tests|bench)/' },
      to: { path: '^(lib|handlers|local|cli|sdk|bench|tests|tools)/' },
    },
    {
      name: 'shared-packages-below-the-engine',
      severity: 'error',
      comment: 'The text tools and the contracts are shared by the service and the engine, so they use neither.',
      from: { path: '^packages/(text-tools|contracts)/' },
      to: { path: '^packages/heuristic-engine/' },
    },
    {
      name: 'packages-through-their-entries',
      severity: 'error',
      comment:
        'The service uses a workspace package (packages/*) only through the entries its package.json exports, never its inner files.',
      from: { path: '^(lib|handlers|local|cli)/' },
      to: {
        path: '^packages/[^/]+/src/',
        pathNot: [
          '^packages/[^/]+/src/index\\.ts$',
          '^packages/text-tools/src/sql-tokens\\.ts$',
          '^packages/heuristic-engine/src/retrieval\\.ts$',
        ],
      },
    },
    {
      name: 'only-the-root-wires',
      severity: 'error',
      comment:
        'Adapters are built in lib/services (the composition root) and the dev stack; other lib code gets ports.',
      from: { path: '^lib/', pathNot: ['^lib/(services|aws)/'] },
      to: { path: '^lib/aws/', dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '^lib/catalog/web/browser/' },
  },
};
