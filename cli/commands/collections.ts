// `fnq collections list|show|delete`: the account's document collections.
import { parseOptions, UsageError, type Command } from '../command';
import { table } from '../table';
import { SERVICE_OPTIONS_HELP, serviceClient, serviceOptionSpec } from '../service-options';

const SUBCOMMANDS = {
  list: 'fnq collections list            your collections with their documents and chunks',
  show: 'fnq collections show <name>     one collection and the status of each of its uploads',
  delete: 'fnq collections delete <name>   delete a collection, its uploads and their chunks',
};

export const collections: Command = {
  name: 'collections',
  summary: 'list your document collections, show one with its uploads, or delete one',
  usage: [...Object.values(SUBCOMMANDS), `       ${SERVICE_OPTIONS_HELP}`].join('\n       '),
  subcommands: SUBCOMMANDS,
  async run([sub, ...rest], io) {
    const { positionals, values } = parseOptions(rest, serviceOptionSpec);
    const fnq = serviceClient(values, io);
    if (sub === 'list') {
      if (positionals.length > 0) throw new UsageError('list takes no arguments');
      const list = await fnq.collections.list();
      io.out(
        list.length
          ? table(
              [
                ['NAME', 'DOCUMENTS', 'CHUNKS', 'EMBEDDER'],
                ...list.map((c) => [c.name, String(c.documents), String(c.chunks), c.embedder]),
              ],
              [1, 2],
            )
          : 'no collections',
      );
      return 0;
    }
    const [name, ...extra] = positionals;
    if ((sub === 'show' || sub === 'delete') && (!name || extra.length > 0))
      throw new UsageError('give exactly one collection name');
    if (sub === 'show') {
      const c = await fnq.collections.get(name!);
      io.out(`${c.name}: ${c.documents} documents, ${c.chunks} chunks, embedded with ${c.embedder}`);
      if (c.uploads.length) {
        io.out(
          table([
            ['UPLOAD', 'STATUS', 'CHUNKS', 'STARTED'],
            ...c.uploads.map((u) => [
              u.upload_id,
              u.status,
              `${u.embedded_chunks}/${u.total_chunks}`,
              u.upload_started,
            ]),
          ]),
        );
      }
      return 0;
    }
    if (sub === 'delete') {
      await fnq.collections.delete(name!);
      io.out(`${name}: deleted`);
      return 0;
    }
    throw new UsageError(sub ? `unknown sub-command '${sub}'` : 'missing sub-command');
  },
};
