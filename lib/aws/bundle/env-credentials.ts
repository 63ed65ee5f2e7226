// Stands in for @aws-sdk/credential-provider-node in the Lambda bundles (serverless.yml, esbuild `alias`).
// Lambda puts the function role's credentials in the environment, so the default chain's other links
// (SSO, profiles, STS web identity, a credential process, the container and instance metadata services)
// never answer there, yet the chain's code and its nested STS, SSO and sign-in clients were about 150 KB of
// every SDK chunk, read and compiled on a cold start's first AWS request. The emulators' clients are given
// their credentials explicitly, so they never ask this provider; tests and local tools that import the SDK
// without bundling keep the full chain.

interface EnvCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  expiration?: Date;
}

/** The credential-provider-node export the SDK clients' runtime configs import: credentials from the environment. */
export const defaultProvider = () => async (): Promise<EnvCredentials> => {
  const env = process.env;
  const accessKeyId = env.AWS_ACCESS_KEY_ID;
  const secretAccessKey = env.AWS_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey) {
    throw new Error(
      'ISSUE: no AWS credentials in the environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY). ' +
        'ADVICE: run the bundle on Lambda, which sets them from the function role, or set them yourself; ' +
        'the deployed bundles read no profile, SSO session or metadata service.',
    );
  }
  return {
    accessKeyId,
    secretAccessKey,
    ...(env.AWS_SESSION_TOKEN && { sessionToken: env.AWS_SESSION_TOKEN }),
    ...(env.AWS_CREDENTIAL_EXPIRATION && { expiration: new Date(env.AWS_CREDENTIAL_EXPIRATION) }),
  };
};
