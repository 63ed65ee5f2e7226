// `fnq functions exists|list|delete`: the function registry, as the service sees it.
import { parseOptions, UsageError, type Command } from '../command';
import { SERVICE_OPTIONS_HELP, serviceClient, serviceOptionSpec } from '../service-options';

const SUBCOMMANDS = {
  exists: 'fnq functions exists <shortname>   exit 0 when the shortname is taken, 1 when it is free',
  list: 'fnq functions list                 your functions',
  delete: 'fnq functions delete <shortname>   remove one of your functions and its code',
};

function oneName(positionals: string[]): string {
  const [name, ...extra] = positionals;
  if (!name || extra.length > 0) throw new UsageError('give exactly one shortname');
  return name;
}

export const functions: Command = {
  name: 'functions',
  summary: 'check whether a shortname exists; list or delete your functions',
  usage: [...Object.values(SUBCOMMANDS), `       ${SERVICE_OPTIONS_HELP}`].join('\n       '),
  subcommands: SUBCOMMANDS,
  async run([sub, ...rest], io) {
    const { positionals, values } = parseOptions(rest, serviceOptionSpec);
    const fnq = serviceClient(values, io);
    if (sub === 'exists') {
      const name = oneName(positionals);
      const exists = await fnq.functions.exists(name);
      io.out(exists ? `${name}: exists` : `${name}: free`);
      return exists ? 0 : 1;
    }
    if (sub === 'list') {
      if (positionals.length > 0) throw new UsageError('list takes no arguments');
      const list = await fnq.functions.list();
      io.out(
        list.length
          ? list.map((f) => `${f.shortname}  v${f.version}  ${f.runtime}  ${f.endpoint}  ${f.updatedAt}`).join('\n')
          : 'no functions',
      );
      return 0;
    }
    if (sub === 'delete') {
      const name = oneName(positionals);
      await fnq.functions.delete(name);
      io.out(`${name}: deleted`);
      return 0;
    }
    throw new UsageError(sub ? `unknown sub-command '${sub}'` : 'missing sub-command');
  },
};
