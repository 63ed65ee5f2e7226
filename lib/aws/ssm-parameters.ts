// Reads SecureString parameters from SSM Parameter Store through Powertools Parameters: decrypted,
// fetched together (GetParameters), and cached in the container for `maxAgeSeconds`, so a secret
// read on every request costs one SSM call per max age and a rotated secret is in use within it.
// The SDK client is built here and nowhere else; the caller imports this module only when a secret
// is to be read.
import { SSMClient } from '@aws-sdk/client-ssm';
import { SSMProvider } from '@aws-lambda-powertools/parameters/ssm';
import { emulatorCredentials } from './emulator';

export interface SsmLocation {
  region: string;
  /** A test server's address; unset on AWS. */
  endpoint?: string;
}

/** How long a secret read from SSM is reused before it is read again. */
export const SECRET_MAX_AGE_SECONDS = 300;

const providers = new Map<string, SSMProvider>();

/** Each found parameter's value by name; names SSM does not have are left out. */
export async function readParameters(
  names: string[],
  where: SsmLocation,
  maxAgeSeconds = SECRET_MAX_AGE_SECONDS,
): Promise<Map<string, string>> {
  const key = `${where.region}|${where.endpoint ?? ''}`;
  let provider = providers.get(key);
  if (!provider) {
    const client = where.endpoint
      ? new SSMClient({ region: where.region, endpoint: where.endpoint, credentials: emulatorCredentials })
      : new SSMClient({ region: where.region });
    provider = new SSMProvider({ awsSdkV3Client: client });
    providers.set(key, provider);
  }
  const found = await provider.getParametersByName<string>(Object.fromEntries(names.map((n) => [n, {}])), {
    decrypt: true,
    maxAge: maxAgeSeconds,
    throwOnError: false,
  });
  return new Map(
    names.flatMap((n) => {
      const value = (found as Record<string, unknown>)[n];
      return typeof value === 'string' && value ? [[n, value] as [string, string]] : [];
    }),
  );
}

/** Forgets every cached value (tests that change what SSM holds). */
export function clearParameterCache(): void {
  for (const provider of providers.values()) provider.clearCache();
}
