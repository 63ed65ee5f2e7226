// Lambda entry of handlers/queue/embed-worker.ts, imported on the first call (see ../first-call.ts).
import { onFirstCall } from '../first-call';

export const handler = onFirstCall(() => import('../../handlers/queue/embed-worker'));
