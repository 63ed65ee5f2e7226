// GET /embedder-service/v1/status?upload_id=… — the upload's status record, for its owner only.
import { apiRoute } from '../../lib/api/routes';
import { httpHandler } from '../../lib/http/handler';
import { notFound } from '../../lib/errors';
import { statusView } from '../../lib/ingest/status';
import { httpDeps, statuses } from '../../lib/services/core';

export const handler = httpHandler<undefined>(
  apiRoute('GET /embedder-service/v1/status'),
  async (req) => {
    const record = await statuses().get(req.principal.account, req.query.upload_id!);
    // Another account's upload is indistinguishable from one that never existed.
    if (!record) throw notFound(`No upload with id ${req.query.upload_id} was found`, 'Check the upload_id returned by the upload call', 'upload_not_found');
    return { status: 200, body: statusView(record) };
  },
  httpDeps,
);
