// GET /function-service/v1/deployments/{id} — one of the caller's deployments: queued, building,
// ready or failed (with the build's first lines). Another account's id is a 404.
import { apiRoute } from '../../lib/api/routes';
import { deploymentView, readDeployment } from '../../lib/functions/build/deployments';
import type { DeploymentStore } from '../../lib/functions/build/ports';
import { httpHandler, type HttpDeps } from '../../lib/http/handler';
import { httpDeps } from '../../lib/services/core';
import { lazyHandler } from '../../lib/services/lazy';
import { deploymentStore } from '../../lib/services/functions';

export function createDeploymentHandler(deps: { http: HttpDeps; deployments: DeploymentStore }) {
  return httpHandler(
    apiRoute('GET /function-service/v1/deployments/{id}'),
    async (req) => ({
      status: 200,
      body: deploymentView(await readDeployment(deps, req.principal.account, req.pathParams.id ?? '')),
    }),
    deps.http,
  );
}

export const handler = lazyHandler(() => createDeploymentHandler({ http: httpDeps(), deployments: deploymentStore() }));
