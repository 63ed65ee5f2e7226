// GET /functions/v1?q=&tag=&runtime=&cursor=&limit= — search every deployed function (any
// authenticated account may invoke any of them, so any may find them).
import { apiRoute } from '../../lib/api/routes';
import type { Catalog } from '../../lib/catalog/catalog';
import { catalogPage } from '../../lib/catalog/page';
import { httpHandler, type HttpDeps } from '../../lib/http/handler';
import { functionCatalog } from '../../lib/services/catalog';
import { httpDeps } from '../../lib/services/core';

export function createCatalogSearchHandler(catalog: () => Catalog, http: () => HttpDeps = httpDeps) {
  return httpHandler(
    apiRoute('GET /functions/v1'),
    async (req) => {
      const { q, tag, runtime, cursor, limit } = req.query;
      const page = catalogPage(await catalog().index(), {
        q,
        tags: tag ? tag.split(',') : undefined,
        runtime,
        cursor,
        limit: limit ? Number(limit) : undefined,
      });
      return { status: 200, body: page };
    },
    http,
  );
}

export const handler = createCatalogSearchHandler(functionCatalog);
