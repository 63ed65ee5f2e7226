// fnq token create --account A --level free|pro|enterprise --ttl 30d — prints only the token.
import { parseArgs } from 'node:util';
import { UsageError, type Command } from '../command';
import { LEVELS, type Level } from '../../lib/config';
import { issueToken, parseTtl } from '../../lib/http/token';
import { defaultDataDir, localJwtSecret } from '../../local/secret';

export const token: Command = {
  name: 'token',
  summary: 'issue an svcwt access token (token create)',
  usage: 'fnq token create --account <id> [--level free|pro|enterprise] [--ttl 30d]',
  async run(argv, io) {
    let parsed;
    try {
      parsed = parseArgs({
        args: argv,
        allowPositionals: true,
        options: { account: { type: 'string' }, level: { type: 'string', default: 'free' }, ttl: { type: 'string', default: '30d' } },
      });
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
    const { positionals, values } = parsed;
    if (positionals[0] !== 'create' || positionals.length !== 1) throw new UsageError('expected the sub-command "create"');
    if (!values.account) throw new UsageError('--account is required');
    if (!LEVELS.includes(values.level as Level)) throw new UsageError(`--level must be one of ${LEVELS.join(', ')}`);
    let ttlSeconds: number;
    try {
      ttlSeconds = parseTtl(values.ttl);
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
    // The same secret the local stack signs with: FNQ_JWT_SECRET, else the generated one in .data/.
    const secret = localJwtSecret(defaultDataDir(io.env, io.cwd), io.env);
    io.out(await issueToken({ secret, account: values.account, level: values.level as Level, ttlSeconds }));
    return 0;
  },
};
