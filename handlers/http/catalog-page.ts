// GET /catalog — the catalog's search page. No token: the catalog is the service's public
// documentation of its functions (docs/catalog.md); calling one still needs a token.
import { apiRoute } from '../../lib/api/routes';
import type { Catalog } from '../../lib/catalog/catalog';
import { catalogPage } from '../../lib/catalog/page';
import { htmlReply } from '../../lib/catalog/web/html';
import { searchPage } from '../../lib/catalog/web/search-page';
import { httpHandler, type HttpDeps } from '../../lib/http/handler';
import { functionCatalog } from '../../lib/services/catalog';
import { httpDeps } from '../../lib/services/core';
import { lazyHandler } from '../../lib/services/lazy';

export function createCatalogPageHandler(deps: { http: HttpDeps; catalog: Catalog }) {
  return httpHandler(
    apiRoute('GET /catalog'),
    async (req) => {
      const q = req.query.q ?? '';
      // A hand-edited tag that no spec.json could hold (TAG) simply matches nothing.
      const tags = (req.query.tag ?? '').split(',').filter((t) => t !== '');
      const result = catalogPage(await deps.catalog.index(), { q, tags, cursor: req.query.cursor });
      return htmlReply(200, searchPage(result, { q, tags, cursor: req.query.cursor }));
    },
    deps.http,
  );
}

export const handler = lazyHandler(() => createCatalogPageHandler({ http: httpDeps(), catalog: functionCatalog() }));
