// POST /embedder-service/v1/upload's answer, imported on the first request past auth and validation.
import type { ServiceRequest } from '../../../lib/http/handler';
import type { Reply } from '../../../lib/http/event';
import { acceptUpload, type IntakeDeps } from '../../../lib/ingest/intake';
import { DIRECT_UPLOAD_MAX_BYTES, SIGNED_UPLOAD_MAX_BYTES } from '../../../lib/ingest/limits';
import { statusView } from '../../../lib/ingest/status';
import { intakeDeps } from '../../../lib/services/ingest';
import { readBase64File } from '../../../lib/wire/base64-file';
import { readMultipartFile } from '../../../lib/wire/multipart';
import { requestMediaType } from '../../../lib/wire/request';

const TOO_LARGE_ADVICE =
  `Upload files over ${DIRECT_UPLOAD_MAX_BYTES / 2 ** 20} MiB through POST /embedder-service/v1/upload-url?collection_name=…&filename=…, ` +
  `which returns a URL to PUT the file to (up to ${SIGNED_UPLOAD_MAX_BYTES / 2 ** 20} MiB); fnq upload does this by itself`;

export function createUploadAnswer(deps: { intake: Omit<IntakeDeps, 'log'> }): (req: ServiceRequest) => Promise<Reply> {
  return async (req) => {
    const limits = { maxBytes: DIRECT_UPLOAD_MAX_BYTES, tooLargeAdvice: TOO_LARGE_ADVICE };
    const file =
      requestMediaType(req) === 'application/json'
        ? readBase64File(req, limits)
        : await readMultipartFile(req, { field: 'file', ...limits });
    const record = await acceptUpload({ ...deps.intake, log: req.log }, req.principal, req.query.collection_name, file);
    return { status: 202, body: statusView(record) };
  };
}

export const wiredAnswer = () => createUploadAnswer({ intake: intakeDeps() });
