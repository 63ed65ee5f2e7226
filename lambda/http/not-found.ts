// Lambda entry of handlers/http/not-found.ts, imported on the first call (see ../first-call.ts).
import { onFirstCall } from '../first-call';

export const handler = onFirstCall(() => import('../../handlers/http/not-found'));
