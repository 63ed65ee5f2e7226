// `fnq functions exists|list|delete`: the function registry, as the service sees it.
import { parseArgs } from 'node:util';
import { UsageError, type CliIO, type Command } from '../command';
import { serviceCall, serviceOptionSpec, serviceTarget } from '../service-options';

const USAGE = [
  'fnq functions exists <shortname>   exit 0 when the shortname is taken, 1 when it is free',
  '       fnq functions list               your functions',
  '       fnq functions delete <shortname> remove one of your functions and its code',
  '       (each takes --url and --token, defaulting to FNQ_URL and FNQ_TOKEN)',
].join('\n');

interface FunctionView {
  shortname: string;
  runtime: string;
  version: number;
  endpoint: string;
  updatedAt: string;
}

function parse(argv: string[], io: CliIO) {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: serviceOptionSpec, allowPositionals: true, strict: true });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  return { positionals: parsed.positionals, target: serviceTarget(parsed.values, io) };
}

function oneName(positionals: string[]): string {
  const [name, ...extra] = positionals;
  if (!name || extra.length > 0) throw new UsageError('give exactly one shortname');
  return name;
}

const path = (shortname: string) => encodeURIComponent(shortname);

export const functions: Command = {
  name: 'functions',
  summary: 'check whether a shortname exists; list or delete your functions',
  usage: USAGE,
  async run([sub, ...rest], io) {
    const { positionals, target } = parse(rest, io);
    if (sub === 'exists') {
      const name = oneName(positionals);
      const { exists } = await serviceCall<{ exists: boolean }>(target, 'GET', `/function-service/v1/shortnames/${path(name)}`);
      io.out(exists ? `${name}: exists` : `${name}: free`);
      return exists ? 0 : 1;
    }
    if (sub === 'list') {
      if (positionals.length > 0) throw new UsageError('list takes no arguments');
      const { functions: list } = await serviceCall<{ functions: FunctionView[] }>(target, 'GET', '/function-service/v1/functions');
      io.out(list.length ? list.map((f) => `${f.shortname}  v${f.version}  ${f.runtime}  ${f.endpoint}  ${f.updatedAt}`).join('\n') : 'no functions');
      return 0;
    }
    if (sub === 'delete') {
      const name = oneName(positionals);
      await serviceCall(target, 'DELETE', `/function-service/v1/functions/${path(name)}`);
      io.out(`${name}: deleted`);
      return 0;
    }
    throw new UsageError(sub ? `unknown sub-command '${sub}'` : 'missing sub-command');
  },
};
