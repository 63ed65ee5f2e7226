// The catalog pages' browser script and style sheet (lib/catalog/web/browser/), built by esbuild into string
// constants that the assets handler serves from memory: no build step or file copy between the source and the
// served bytes, in any bundle.
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../local/serverless-config';
import { bundledText, textModule } from './text-module';

const BROWSER = 'lib/catalog/web/browser';
const MODULE = 'lib/catalog/web/generated/assets.ts';

const browserBundle = (entry: string, format?: 'iife') =>
  bundledText(`${BROWSER}/${entry}`, {
    platform: 'browser',
    target: ['es2022'],
    format,
    // The shared validation code (lib/spec) needs only this of Node, and only as a cache key.
    alias: { 'node:crypto': join(PROJECT_ROOT, BROWSER, 'node-crypto.ts') },
  });

export default async function catalogAssets(): Promise<Record<string, string>> {
  const [js, css] = await Promise.all([browserBundle('catalog.ts', 'iife'), browserBundle('catalog.css')]);
  const exports = { CATALOG_JS: js, CATALOG_CSS: css };
  return { [MODULE]: await textModule(MODULE, { generator: 'catalog-assets.ts', from: `${BROWSER}/`, exports }) };
}
