// Reads SecureString parameters from SSM Parameter Store (the JWT secret, the webhooks key, the AI platform
// key): decrypted, fetched together in one GetParameters call, and cached in the container for
// `maxAgeSeconds`, so a secret read on every request costs one SSM call per max age and a rotated secret is
// in use within it. Every HTTP Lambda's first request reads the JWT secret this way on a deployed stage, so
// the call is signed here (signed-post.ts) rather than sent through the SDK's SSM client and Powertools
// Parameters, whose loading a cold start paid for; where the environment holds no credentials to sign with
// (a developer's profile or SSO session), the SDK's reader does it (ssm-parameters-sdk.ts).
import { memo } from './client-cache';
import { canSignWith, postSigned, signedTarget, signingCredentials, type SignedTarget } from './signed-post';

export interface SsmLocation {
  region: string;
  /** A test server's address; unset on AWS. */
  endpoint?: string;
}

/** How long a secret read from SSM is reused before it is read again. */
export const SECRET_MAX_AGE_SECONDS = 300;

/** As the SDK client's socket timeout for a small call: a call silent this long has failed. */
const REQUEST_TIMEOUT_MS = 5_000;

const cache = new Map<string, { value: string; until: number }>();
let sdkReader: typeof import('./ssm-parameters-sdk') | undefined;

const targetOf = (where: SsmLocation): SignedTarget =>
  memo(`ssm-signed|${where.region}|${where.endpoint ?? ''}`, () =>
    signedTarget({
      service: 'ssm',
      region: where.region,
      endpoint: where.endpoint,
      contentType: 'application/x-amz-json-1.1',
      label: 'SSM',
      timeoutMs: REQUEST_TIMEOUT_MS,
    }),
  );

/** Each found parameter's value by name; names SSM does not have are left out. */
export async function readParameters(
  names: string[],
  where: SsmLocation,
  maxAgeSeconds = SECRET_MAX_AGE_SECONDS,
  env: Record<string, string | undefined> = process.env,
): Promise<Map<string, string>> {
  if (!canSignWith(where.endpoint, env)) {
    sdkReader ??= await import('./ssm-parameters-sdk');
    return sdkReader.readParametersWithSdk(names, where, maxAgeSeconds);
  }
  const now = Date.now();
  const keyOf = (name: string) => `${where.region}|${where.endpoint ?? ''}|${name}`;
  const stale = names.filter((n) => (cache.get(keyOf(n))?.until ?? 0) <= now);
  // GetParameters takes at most 10 names a call.
  for (let i = 0; i < stale.length; i += 10) {
    const batch = stale.slice(i, i + 10);
    const credentials = await signingCredentials(where.endpoint)();
    const body = JSON.stringify({ Names: batch, WithDecryption: true });
    const { status, text } = await postSigned(targetOf(where), 'AmazonSSM.GetParameters', body, credentials);
    let answer: { Parameters?: { Name?: unknown; Value?: unknown }[]; __type?: unknown } | undefined;
    try {
      answer = JSON.parse(text) as typeof answer;
    } catch {
      answer = undefined;
    }
    if (status !== 200 || !answer || !Array.isArray(answer.Parameters)) {
      // The error's name only: SSM's message can quote the request.
      const type = typeof answer?.__type === 'string' ? answer.__type.slice(answer.__type.indexOf('#') + 1) : '';
      throw new Error(`SSM GetParameters failed: ${status} ${type || 'an answer that is not GetParameters JSON'}`);
    }
    const found = new Map(
      answer.Parameters.filter((p) => typeof p.Name === 'string' && typeof p.Value === 'string').map(
        (p) => [p.Name as string, p.Value as string] as const,
      ),
    );
    // A missing parameter is asked for again on the next read: the operator may be creating it.
    for (const [name, value] of found) cache.set(keyOf(name), { value, until: now + maxAgeSeconds * 1000 });
  }
  return new Map(
    names.flatMap((n) => {
      const value = cache.get(keyOf(n))?.value;
      return value ? [[n, value] as [string, string]] : [];
    }),
  );
}

/** Forgets every cached value (tests that change what SSM holds). */
export function clearParameterCache(): void {
  cache.clear();
  sdkReader?.clearSdkParameterCache();
}
