// POST /function-service/v1/functions — body: the function's zip bundle (spec.json at the top),
// Content-Type application/zip. Checks the bundle and answers 202 with a `queued` deployment
// record; the build worker builds it (handlers/queue/build-worker.ts), and
// GET /function-service/v1/deployments/{id} follows it to `ready` or `failed`.
import { apiRoute } from '../../lib/api/routes';
import { badRequest, unsupportedMediaType } from '../../lib/errors';
import { deploymentView, submitDeployment, type SubmitDeps } from '../../lib/functions/build/deployments';
import { httpHandler, type HttpDeps } from '../../lib/http/handler';
import { httpDeps } from '../../lib/services/core';
import { lazyHandler } from '../../lib/services/lazy';
import { submitDeps } from '../../lib/services/functions';

const ZIP_TYPES = new Set(['application/zip', 'application/x-zip-compressed', 'application/octet-stream']);
const ADVICE = 'Deploy with fnq deploy <dir>, or POST the zipped function directory with Content-Type: application/zip';

export function createDeployHandler(deps: { http: HttpDeps; submit: Omit<SubmitDeps, 'log'> }) {
  return httpHandler(
    apiRoute('POST /function-service/v1/functions'),
    async (req) => {
      const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (!ZIP_TYPES.has(type)) throw unsupportedMediaType(`The request has content type "${type || 'none'}"`, ADVICE);
      if (!req.rawBody?.length) throw badRequest('The request has no code bundle', ADVICE, 'body_missing');
      const record = await submitDeployment({ ...deps.submit, log: req.log }, req.principal.account, req.rawBody);
      const view = deploymentView(record);
      return { status: 202, headers: { location: view.location }, body: view };
    },
    deps.http,
  );
}

export const handler = lazyHandler(() => createDeployHandler({ http: httpDeps(), submit: submitDeps() }));
