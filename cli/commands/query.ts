// `fnq query function|vectordb|rdbms`: the three question endpoints. The answer goes to stdout,
// status lines (NOTE, QUERY) to stderr; --json prints the whole response. Secrets are read from the
// environment by preference, so they stay out of shell history: FNQ_API_KEY and FNQ_SQL_DSN.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { QueryOptions, QueryResponse } from '../../sdk/index';
import { parseOptions, UsageError, type CliIO, type Command } from '../command';
import { SERVICE_OPTIONS_HELP, serviceClient, serviceOptionSpec } from '../service-options';

const SHARED_HELP = [
  '--platform default|openai    AI platform (openai needs --api-key or FNQ_API_KEY)',
  '--structured-output <file>   JSON Schema of the answer; the answer is then JSON that validates against it',
  '--json                       print the whole response',
  SERVICE_OPTIONS_HELP,
].map((line) => `         ${line}`);

const SUBCOMMANDS = {
  function: 'fnq query function <shortname> <question…>   an AI model answers with the help of a hosted function',
  vectordb:
    'fnq query vectordb <collection> <question…> [--rag-query <text>] [--connection-string <mongodb uri> --database <db>]\n         answer from your uploaded documents (or your MongoDB Atlas store)',
  rdbms:
    'fnq query rdbms --tables <t1,t2> [--dsn <user:password@tcp(host:3306)/db>] <question…>\n         text-to-SQL over your MySQL/MariaDB (TLS); the DSN is better passed as FNQ_SQL_DSN',
};

const OPTIONS = {
  ...serviceOptionSpec,
  platform: { type: 'string' },
  'api-key': { type: 'string' },
  'structured-output': { type: 'string' },
  json: { type: 'boolean' },
  'rag-query': { type: 'string' },
  'connection-string': { type: 'string' },
  database: { type: 'string' },
  tables: { type: 'string', multiple: true },
  dsn: { type: 'string' },
} as const;

type Values = ReturnType<typeof parseOptions<typeof OPTIONS>>['values'];

async function sharedOptions(values: Values, io: CliIO): Promise<QueryOptions> {
  let structuredOutput: Record<string, unknown> | undefined;
  if (values['structured-output']) {
    const file = values['structured-output'];
    try {
      structuredOutput = JSON.parse(await readFile(path.resolve(io.cwd, file), 'utf8')) as Record<string, unknown>;
    } catch (e) {
      throw new UsageError(
        `cannot read the JSON Schema in ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
      );
    }
  }
  const apiKey = values['api-key'] ?? io.env.FNQ_API_KEY;
  return { aiPlatform: values.platform, ...(apiKey && { apiKey }), ...(structuredOutput && { structuredOutput }) };
}

/** Only the options of the sub-command asked for are accepted, so a misplaced one is not ignored. */
function refuseOthers(values: Values, allowed: string[]) {
  const own = new Set([
    ...Object.keys(serviceOptionSpec),
    'platform',
    'api-key',
    'structured-output',
    'json',
    ...allowed,
  ]);
  const stray = Object.keys(values).filter((k) => !own.has(k));
  if (stray.length) throw new UsageError(`--${stray[0]} does not apply to this sub-command`);
}

function question(words: string[]): string {
  const text = words.join(' ').trim();
  if (!text) throw new UsageError('give the question after the other arguments');
  return text;
}

function print(reply: QueryResponse, json: boolean | undefined, io: CliIO): number {
  if (json) {
    io.out(JSON.stringify(reply, null, 2));
    return 0;
  }
  io.out(reply.answer);
  for (const line of reply.messages ?? []) if (line !== 'completed') io.err(line);
  return 0;
}

export const query: Command = {
  name: 'query',
  summary: 'ask a question: with a hosted function, from your documents, or from your SQL database',
  usage: [...Object.values(SUBCOMMANDS), '       shared options:', ...SHARED_HELP].join('\n       '),
  subcommands: Object.fromEntries(
    Object.entries(SUBCOMMANDS).map(([k, v]) => [k, [v, '       options:', ...SHARED_HELP].join('\n')]),
  ),
  async run([sub, ...rest], io) {
    const { values, positionals } = parseOptions(rest, OPTIONS);
    const fnq = serviceClient(values, io);
    if (sub === 'function' || sub === 'vectordb') {
      refuseOthers(values, sub === 'vectordb' ? ['rag-query', 'connection-string', 'database'] : []);
      const [target, ...words] = positionals;
      if (!target)
        throw new UsageError(sub === 'function' ? "give the function's shortname" : 'give the collection name');
      const text = question(words);
      const options = await sharedOptions(values, io);
      const reply =
        sub === 'function'
          ? await fnq.queries.function(text, target, options)
          : await fnq.queries.vectordb(text, target, {
              ...options,
              ragQuery: values['rag-query'],
              connectionString: values['connection-string'],
              database: values.database,
            });
      return print(reply, values.json, io);
    }
    if (sub === 'rdbms') {
      refuseOthers(values, ['tables', 'dsn']);
      const tables = (values.tables ?? [])
        .flatMap((t) => t.split(','))
        .map((t) => t.trim())
        .filter(Boolean);
      if (!tables.length) throw new UsageError('--tables is required (comma-separated or repeated)');
      const dsn = values.dsn ?? io.env.FNQ_SQL_DSN;
      if (!dsn)
        throw new UsageError(
          'give the database as FNQ_SQL_DSN (or --dsn): <user>:<password>@tcp(<host>:3306)/<database>',
        );
      return print(
        await fnq.queries.rdbms(question(positionals), tables, dsn, await sharedOptions(values, io)),
        values.json,
        io,
      );
    }
    throw new UsageError(sub ? `unknown sub-command '${sub}'` : 'missing sub-command');
  },
};
