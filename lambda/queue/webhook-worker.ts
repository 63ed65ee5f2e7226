// Lambda entry of handlers/queue/webhook-worker.ts, imported on the first call (see ../first-call.ts).
import { onFirstCall } from '../first-call';

export const handler = onFirstCall(() => import('../../handlers/queue/webhook-worker'));
