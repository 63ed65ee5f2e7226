// The ingestion sweep (lib/ingest/sweep.ts): every 10 minutes on AWS (an EventBridge schedule),
// and once at start-up locally, where local/stack.ts invokes it with `leasesEnded`, since no
// worker of the killed run can still hold a job.
import { sweepUploads, type SweepDeps, type SweepReport } from '../../lib/ingest/sweep';
import { rootLogger } from '../../lib/log';
import { sweepDeps } from '../../lib/services/vector-writers';
import { lazyHandler } from '../../lib/services/lazy';

export interface SweepEvent {
  leasesEnded?: boolean;
}

export function createSweepHandler(deps: SweepDeps) {
  return async (event: SweepEvent | undefined): Promise<SweepReport> =>
    sweepUploads(deps, { leasesEnded: event?.leasesEnded === true });
}

// A deployed stage keeps its secrets in SSM; lazyHandler reads them before the stores are wired.
export const handler = lazyHandler(() =>
  createSweepHandler({ ...sweepDeps(), log: rootLogger().child({ task: 'ingest-sweep' }) }),
);
