// Reads SecureString parameters from SSM Parameter Store through Powertools Parameters and the SDK's
// client, with its whole credential chain: where the environment holds no credentials to sign with
// (a developer's profile or SSO session). Lambda and the emulators use the signed reader instead
// (ssm-parameters.ts), which imports this module only for that case.
import { SSMClient } from '@aws-sdk/client-ssm';
import { SSMProvider } from '@aws-lambda-powertools/parameters/ssm';
import { emulatorCredentials } from './emulator';

const providers = new Map<string, SSMProvider>();

/** Each found parameter's value by name; names SSM does not have are left out. */
export async function readParametersWithSdk(
  names: string[],
  where: { region: string; endpoint?: string },
  maxAgeSeconds: number,
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

/** Forgets every cached value. */
export function clearSdkParameterCache(): void {
  for (const provider of providers.values()) provider.clearCache();
}
