// GET /functions/v1?q=&tag=&runtime=&cursor=&limit= — search every deployed function (any
// authenticated account may invoke any of them, so any may find them).
import { apiRoute } from '../../lib/api/routes';
import type { Catalog } from '../../lib/catalog/catalog';
import { catalogPage } from '../../lib/catalog/page';
import { httpHandler, type HttpDeps } from '../../lib/http/handler';
import { functionCatalog } from '../../lib/services/catalog';
import { httpDeps } from '../../lib/services/core';
import { lazyHandler } from '../../lib/services/lazy';

export function createCatalogSearchHandler(deps: { http: HttpDeps; catalog: Catalog }) {
  return httpHandler(
    apiRoute('GET /functions/v1'),
    async (req) => {
      const { q, tag, runtime, cursor, limit } = req.query;
      const page = catalogPage(await deps.catalog.index(), {
        q,
        tags: tag ? tag.split(',') : undefined,
        runtime,
        cursor,
        limit: limit ? Number(limit) : undefined,
      });
      return { status: 200, body: page };
    },
    deps.http,
  );
}

export const handler = lazyHandler(() => createCatalogSearchHandler({ http: httpDeps(), catalog: functionCatalog() }));
