// One attempt: POST the signed body to the endpoint. The host is resolved and every address it has
// is checked against the one address policy (lib/net/address-policy.ts) before anything is sent,
// and the connection goes to the checked address (the `lookup` below answers with it), so a DNS
// answer that changes between check and connect cannot point the service at its own network.
// TLS still verifies the certificate against the URL's host name. Redirects are not followed.
import { request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { isServiceError } from '../errors';
import { resolveAllowedAddress, type AddressPolicyOptions, type PolicySubject } from '../net/address-policy';

export const ENDPOINT_SUBJECT: PolicySubject = {
  noun: 'webhook endpoint',
  code: 'webhook',
  publicAdvice: 'Use a public host name or address for the endpoint',
  privateAdvice:
    'Use a public host name or address for the endpoint; for development against this machine the operator sets FNQ_WEBHOOKS_ALLOW_LOOPBACK=1',
};

export interface SendOptions {
  policy: AddressPolicyOptions;
  timeoutMs: number;
}

export interface SendResult {
  statusCode?: number;
  error?: string;
}

/** The host as the URL names it, without IPv6 brackets. */
const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

export async function sendSigned(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: SendOptions,
): Promise<SendResult> {
  const target = new URL(url);
  let pinned;
  try {
    pinned = await resolveAllowedAddress(hostOf(target), { ...options.policy, subject: ENDPOINT_SUBJECT });
  } catch (e) {
    if (isServiceError(e)) return { error: e.problems[0]!.issue };
    throw e;
  }
  const lookup: LookupFunction = (_host, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const requestOptions: RequestOptions = {
    method: 'POST',
    lookup,
    headers: {
      ...headers,
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      'user-agent': 'fnquery-webhooks/1',
    },
    timeout: options.timeoutMs,
  };
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(overall);
      resolve(result);
    };
    const req = request(target, requestOptions, (res) => {
      // The answer's body is not kept or logged: only its status counts, once the answer has ended.
      res.resume();
      res.on('end', () => finish({ statusCode: res.statusCode }));
      res.on('error', () => finish({ statusCode: res.statusCode }));
    });
    // One deadline for the whole exchange: a receiver that answers a byte at a time cannot hold the worker.
    const overall = setTimeout(() => {
      finish({ error: `No complete answer within ${options.timeoutMs} ms` });
      req.destroy();
    }, options.timeoutMs);
    req.on('timeout', () => req.destroy(new Error(`no answer within ${options.timeoutMs} ms`)));
    req.on('error', (e: NodeJS.ErrnoException) => finish({ error: e.code ? `${e.code}: ${e.message}` : e.message }));
    req.end(body);
  });
}
