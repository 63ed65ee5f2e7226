// GET /catalog/assets/{file} — the catalog pages' script and style sheet, built by esbuild from
// lib/catalog/web/browser/ into a generated module (tools/generate/catalog-assets.ts) and served from memory.
import { apiRoute } from '../../lib/api/routes';
import { CATALOG_CSS, CATALOG_JS } from '../../lib/catalog/web/generated/assets';
import { notFound } from '../../lib/errors';
import { httpHandler, type HttpDeps } from '../../lib/http/handler';
import { httpDeps } from '../../lib/services/core';
import { lazyHandler } from '../../lib/services/lazy';

const ASSETS: Record<string, { body: Buffer; type: string }> = {
  'catalog.js': { body: Buffer.from(CATALOG_JS), type: 'text/javascript; charset=utf-8' },
  'catalog.css': { body: Buffer.from(CATALOG_CSS), type: 'text/css; charset=utf-8' },
};

export const createAssetsHandler = (deps: { http: HttpDeps }) =>
  httpHandler(
    apiRoute('GET /catalog/assets/{file}'),
    async (req) => {
      const asset = ASSETS[req.pathParams.file ?? ''];
      if (!asset)
        throw notFound(
          `There is no catalog asset "${req.pathParams.file}"`,
          `Ask for one of ${Object.keys(ASSETS).join(', ')}`,
          'asset_not_found',
        );
      return {
        status: 200,
        body: asset.body,
        // Short: a redeploy changes them and the pages name them without a version.
        headers: {
          'content-type': asset.type,
          'cache-control': 'public, max-age=300',
          'x-content-type-options': 'nosniff',
        },
      };
    },
    deps.http,
  );

export const handler = lazyHandler(() => createAssetsHandler({ http: httpDeps() }));
