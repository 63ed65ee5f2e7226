// Lambda entry of handlers/http/webhooks-deliveries.ts, imported on the first call (see ../first-call.ts).
import { onFirstCall } from '../first-call';

export const handler = onFirstCall(() => import('../../handlers/http/webhooks-deliveries'));
