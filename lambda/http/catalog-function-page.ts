// Lambda entry of handlers/http/catalog-function-page.ts, imported on the first call (see ../first-call.ts).
import { onFirstCall } from '../first-call';

export const handler = onFirstCall(() => import('../../handlers/http/catalog-function-page'));
