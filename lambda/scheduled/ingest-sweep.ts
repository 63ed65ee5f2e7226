// Lambda entry of handlers/scheduled/ingest-sweep.ts, imported on the first call (see ../first-call.ts).
import { onFirstCall } from '../first-call';

export const handler = onFirstCall(() => import('../../handlers/scheduled/ingest-sweep'));
