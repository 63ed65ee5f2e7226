// Builds the `fnq` command into one JavaScript file, cli/dist/fnq.mjs, with everything it imports
// bundled in, so it runs on plain Node wherever it is installed: no TypeScript loader, no
// node_modules (cli/package.json is the package `npm pack ./cli` makes of it; README "The CLI").
// Run by `npm run build:cli`, and by `prepare`, so `npm install` in the checkout builds it.
import { build } from 'esbuild';
import { chmod, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const outfile = here('./dist/fnq.mjs');

await rm(here('./dist'), { recursive: true, force: true });
await build({
  entryPoints: [here('./entry.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: ['node20'],
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
  // The bundle is ESM, and some bundled packages still call require() for Node's own modules.
  banner: {
    js: "#!/usr/bin/env node\nimport { createRequire as __fnqRequire } from 'node:module';\nconst require = __fnqRequire(import.meta.url);",
  },
});
// `npx fnq` inside the checkout runs this file as it lies (npm makes only installed bins executable).
await chmod(outfile, 0o755);
console.log(`built ${fileURLToPath(new URL(outfile, 'file:'))}`);
