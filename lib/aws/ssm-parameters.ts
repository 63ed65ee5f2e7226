// Reads SecureString parameters from SSM Parameter Store, decrypted, in one call. The SDK client is
// built here and nowhere else; the caller imports this module only when a secret is to be read.
import { GetParametersCommand, SSMClient } from '@aws-sdk/client-ssm';
import { emulatorCredentials } from './emulator';

export interface SsmLocation {
  region: string;
  /** A test server's address; unset on AWS. */
  endpoint?: string;
}

/** Each found parameter's value by name; names SSM does not have are left out. */
export async function readParameters(names: string[], where: SsmLocation): Promise<Map<string, string>> {
  const ssm = where.endpoint
    ? new SSMClient({ region: where.region, endpoint: where.endpoint, credentials: emulatorCredentials })
    : new SSMClient({ region: where.region });
  try {
    // GetParameters takes at most 10 names; the service has two secrets.
    const out = await ssm.send(new GetParametersCommand({ Names: names, WithDecryption: true }));
    return new Map(
      (out.Parameters ?? []).filter((p) => p.Name && p.Value !== undefined).map((p) => [p.Name!, p.Value!]),
    );
  } finally {
    // Read once per cold start: the client is not kept.
    ssm.destroy();
  }
}
