// Where a deployed stage's secrets live: SSM Parameter Store SecureString parameters, named by the
// deploying shell, read by the Lambdas once per cold start (lib/aws/ssm-secrets.ts). The values
// never pass through packaging or the Lambda environment. A required name that is missing fails
// packaging here with what to do, instead of a stage whose every cold start fails.
// Stage local (npm start) takes FNQ_JWT_SECRET from its own data folder and needs none.
'use strict';

const SSM_NAME = /^\/[A-Za-z0-9_.\-/]{1,1010}$/;

function parameterName(env, variable, required, why) {
  const name = (env[variable] ?? '').trim();
  if (!name) {
    if (!required) return '';
    throw new Error(
      `${variable} is not set, but ${why}. Store the secret as a SecureString parameter ` +
        `(aws ssm put-parameter --type SecureString --name /fnquery/<stage>/<secret> --value …) and export its name in ${variable} before packaging`,
    );
  }
  if (!SSM_NAME.test(name))
    throw new Error(`${variable} must be an SSM parameter name starting with "/" (got "${name}")`);
  return name;
}

function secretParameters(env, stage) {
  if (stage === 'local') return { jwtSecret: '', aiApiKey: '', webhooksKey: '' };
  const jwks = (env.FNQ_JWKS_URL ?? '').trim();
  return {
    jwtSecret: parameterName(
      env,
      'FNQ_JWT_SECRET_PARAMETER',
      !jwks,
      'svcwt tokens need an HS256 secret when FNQ_JWKS_URL is not set',
    ),
    // Optional: an OpenAI-compatible endpoint of the operator's may take no key.
    aiApiKey: parameterName(env, 'FNQ_AI_API_KEY_PARAMETER', false, ''),
    // Optional: without it, webhook signing secrets are sealed under a key derived from the JWT secret.
    webhooksKey: parameterName(env, 'FNQ_WEBHOOKS_KEY_PARAMETER', false, ''),
  };
}

module.exports = async ({ resolveVariable }) => secretParameters(process.env, await resolveVariable('sls:stage'));
module.exports.secretParameters = secretParameters;
