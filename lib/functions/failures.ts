// The ways a hosted function fails, as the service errors every invoker throws, so the local
// runner and AWS Lambda answer alike. The user's own message may be shown (scrubbed and cut);
// nothing of ours (stack, paths, process ids) is.
import { badGateway, gatewayTimeout } from '../errors';
import { scrub } from '../log';

const MESSAGE_MAX = 500;

/** A function's reply larger than this is refused (a synchronous Lambda's own response bound is 6 MB). */
export const FUNCTION_REPLY_MAX_BYTES = 6 * 1024 * 1024;

const shortMessage = (message: string) => {
  const one = scrub(message.replace(/\s+/g, ' ').trim());
  return one.length > MESSAGE_MAX ? `${one.slice(0, MESSAGE_MAX)}…` : one;
};

export const functionTimedOut = (shortname: string, timeoutMs: number) =>
  gatewayTimeout(
    `Function ${shortname} did not answer within ${timeoutMs} ms and was stopped`,
    'Make the function faster or give it less work per call; the next call starts a fresh worker',
    'function_timeout',
  );

/** The entrypoint raised an error. */
export const functionFailed = (shortname: string, message: string) =>
  badGateway(
    `Function ${shortname} raised an error: ${shortMessage(message) || 'no message'}`,
    'Fix the function (its owner reads what it printed at GET /function-service/v1/functions/{shortname}/logs) or change the request',
    'function_error',
  );

/** The function's process or sandbox ended abnormally (exit, out of memory, bad bootstrap). */
export const functionCrashed = (shortname: string, detail: string) =>
  badGateway(
    `Function ${shortname} crashed: ${shortMessage(detail)}`,
    'Check that the entrypoint exists and that the function stays within its memory limit; the next call starts a fresh worker',
    'function_crashed',
  );

/** The function returned something the runtime contract does not allow (not JSON, too large). */
export const functionBadOutput = (shortname: string, problem: string) =>
  badGateway(
    `Function ${shortname} returned an invalid response: ${problem}`,
    'Return a JSON value, or {filename, contentType, data} with base64 data for FILE output',
    'function_bad_output',
  );
