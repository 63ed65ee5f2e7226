// GET /embedder-service/v1/status?upload_id=… — the upload's status record, for its owner only.
import { apiRoute } from '../../lib/api/routes';
import { httpHandler, type HttpDeps } from '../../lib/http/handler';
import { notFound } from '../../lib/errors';
import { statusView, type StatusStore } from '../../lib/ingest/status';
import { httpDeps, statuses } from '../../lib/services/core';
import { lazyHandler } from '../../lib/services/lazy';

export function createUploadStatusHandler(deps: { http: HttpDeps; statuses: Pick<StatusStore, 'get'> }) {
  return httpHandler(
    apiRoute('GET /embedder-service/v1/status'),
    async (req) => {
      const record = await deps.statuses.get(req.principal.account, req.query.upload_id);
      // Another account's upload is indistinguishable from one that never existed.
      if (!record)
        throw notFound(
          `No upload with id ${req.query.upload_id} was found`,
          'Check the upload_id returned by the upload call',
          'upload_not_found',
        );
      return { status: 200, body: statusView(record) };
    },
    deps.http,
  );
}

export const handler = lazyHandler(() => createUploadStatusHandler({ http: httpDeps(), statuses: statuses() }));
