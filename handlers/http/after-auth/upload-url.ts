// POST /embedder-service/v1/upload-url's answer, imported on the first request past auth and validation.
import type { ServiceRequest } from '../../../lib/http/handler';
import type { Reply } from '../../../lib/http/event';
import { acceptUploadUrl, type IntakeDeps } from '../../../lib/ingest/intake';
import { SIGNED_UPLOAD_MAX_BYTES } from '../../../lib/ingest/limits';
import { statusView } from '../../../lib/ingest/status';
import { intakeDeps } from '../../../lib/services/ingest';

export function createUploadUrlAnswer(deps: {
  intake: Omit<IntakeDeps, 'log'>;
}): (req: ServiceRequest) => Promise<Reply> {
  return async (req) => {
    const size = req.query.size === undefined ? undefined : Number(req.query.size);
    const signed = await acceptUploadUrl(
      { ...deps.intake, log: req.log },
      req.principal,
      req.query.collection_name,
      req.query.filename,
      size,
    );
    return {
      status: 201,
      body: {
        ...statusView(signed.record),
        upload_url: signed.url,
        upload_method: 'PUT',
        upload_url_expires: new Date(signed.expiresAt).toUTCString(),
        max_bytes: size ?? SIGNED_UPLOAD_MAX_BYTES,
      },
    };
  };
}

export const wiredAnswer = () => createUploadUrlAnswer({ intake: intakeDeps() });
