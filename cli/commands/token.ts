// fnq token create --account A --level free|pro|enterprise --ttl 30d — prints only the token.
// It signs with FNQ_JWT_SECRET, or inside an fnquery checkout with the secret `npm start` keeps in
// its data folder. Anywhere else it refuses: a secret invented there would sign tokens that no
// deployment accepts.
import { parseOptions, UsageError, type Command } from '../command';
import { LEVELS, type Level } from '../../lib/config';
import { issueToken, parseTtl } from '../../lib/http/token';
import { checkoutRoot, defaultDataDir, localJwtSecret } from '../../local/secret';

const USAGE = [
  'fnq token create --account <id> [--level free|pro|enterprise] [--ttl 30d]',
  '       signs with FNQ_JWT_SECRET (the secret of the deployment the token is for); inside an fnquery',
  "       checkout without it, with the local stack's secret in <checkout>/.data/jwt-secret (or FNQ_DATA_DIR)",
].join('\n');

function signingSecret(env: NodeJS.ProcessEnv, cwd: string): string {
  if (env.FNQ_JWT_SECRET) return env.FNQ_JWT_SECRET;
  const root = checkoutRoot(cwd);
  if (!root) {
    throw new Error(
      'no signing secret: set FNQ_JWT_SECRET to the secret of the deployment the token is for, or run this inside the fnquery checkout whose npm start should accept it',
    );
  }
  // The folder npm start uses: it runs at the checkout's root.
  return localJwtSecret(defaultDataDir(env, root), env);
}

export const token: Command = {
  name: 'token',
  summary: 'issue an svcwt access token (token create)',
  usage: USAGE,
  subcommands: { create: USAGE },
  async run(argv, io) {
    const { positionals, values } = parseOptions(argv, {
      account: { type: 'string' },
      level: { type: 'string', default: 'free' },
      ttl: { type: 'string', default: '30d' },
    });
    if (positionals[0] !== 'create' || positionals.length !== 1)
      throw new UsageError('expected the sub-command "create"');
    if (!values.account) throw new UsageError('--account is required');
    if (!LEVELS.includes(values.level as Level)) throw new UsageError(`--level must be one of ${LEVELS.join(', ')}`);
    let ttlSeconds: number;
    try {
      ttlSeconds = parseTtl(values.ttl);
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
    const secret = signingSecret(io.env, io.cwd);
    io.out(await issueToken({ secret, account: values.account, level: values.level as Level, ttlSeconds }));
    return 0;
  },
};
