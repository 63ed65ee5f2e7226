// The early timeout: middy core races the handler against the Lambda deadline minus a margin and
// aborts the handler's signal (a before/after middleware cannot wrap the handler, so this is the
// core's plugin option, not a middleware object). The 504 it throws leaves through errors.ts.
import { gatewayTimeout } from '../../errors';

export function earlyTimeout(marginMs: number) {
  return {
    timeoutEarlyInMillis: marginMs,
    timeoutEarlyResponse: () => {
      throw gatewayTimeout(
        'The request did not finish within the time limit',
        'Retry; if it keeps timing out, ask a smaller question or use fewer tables or documents',
        'timeout',
      );
    },
  };
}
