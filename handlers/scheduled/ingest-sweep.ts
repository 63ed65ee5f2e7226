// The ingestion sweep (lib/ingest/sweep.ts): every 10 minutes on AWS (an EventBridge schedule),
// and once at start-up locally, where local/stack.ts invokes it with `leasesEnded`, since no
// worker of the killed run can still hold a job.
import { loadSecrets } from '../../lib/config';
import { sweepUploads, type SweepReport } from '../../lib/ingest/sweep';
import { rootLogger } from '../../lib/log';
import { sweepDeps } from '../../lib/services/embedded';

export interface SweepEvent {
  leasesEnded?: boolean;
}

export const handler = async (event: SweepEvent | undefined): Promise<SweepReport> => {
  // A deployed stage keeps its secrets in SSM; the config that wires the stores needs them read first.
  await loadSecrets();
  return sweepUploads({ ...sweepDeps(), log: rootLogger().child({ task: 'ingest-sweep' }) }, { leasesEnded: event?.leasesEnded === true });
};
