// The secrets of lib/config.ts read from SSM Parameter Store: config says which parameters and what a
// missing one means; this root hands it the SSM adapter, so config itself imports no adapter.
import {
  aiApiKeySource as aiApiKeySourceWith,
  jwtSecretSource as jwtSecretSourceWith,
  loadSecrets as loadSecretsWith,
  type ParameterReader,
  type SecretSource,
} from '../config';
import { readParameters } from '../aws/ssm-parameters';

/**
 * SSM through one signed call (lib/aws/ssm-parameters.ts). Imported with the handler, not on first use: every
 * deployed Lambda reads the JWT secret on its first request, and a module loaded then costs an extra round of
 * the ES module loader.
 */
export const readFromSsm: ParameterReader = (names, where) => readParameters(names, where);

/** The cold-start secrets (FNQ_JWT_SECRET, FNQ_WEBHOOKS_KEY) into the config, once per process. */
export const loadSecrets = (env = process.env, read: ParameterReader = readFromSsm): Promise<void> =>
  loadSecretsWith(env, read);

/** The JWT secret per request, when SSM holds it. */
export const jwtSecretSource = (env = process.env, read: ParameterReader = readFromSsm): SecretSource | undefined =>
  jwtSecretSourceWith(env, read);

/** The operator's AI platform key per model call, when SSM holds it. */
export const aiApiKeySource = (env = process.env, read: ParameterReader = readFromSsm): SecretSource | undefined =>
  aiApiKeySourceWith(env, read);
