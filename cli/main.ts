import { FnqConnectionError, FnqRequestInvalidError, FnqServiceError } from '../sdk/index';
import { processIO, UsageError, type CliIO, type Command } from './command';
import { commands } from './commands/index';
import { serviceFailure } from './service-options';

const HELP_FLAGS = new Set(['--help', '-h']);

function overview(io: CliIO, list: Command[]) {
  io.out(
    [
      'usage: fnq <command> [options]        (fnq <command> --help tells more)',
      '',
      ...list.map((c) => `  ${c.name.padEnd(12)} ${c.summary}`),
    ].join('\n'),
  );
}

/** `fnq <command> [sub-command] --help`: the sub-command's help when it has one, else the command's. */
function help(command: Command, rest: string[], io: CliIO) {
  const sub = rest.find((a) => !a.startsWith('-'));
  const text = (sub && command.subcommands?.[sub]) ?? command.usage;
  io.out(`usage: ${text}`);
}

export async function main(argv: string[], io: CliIO = processIO()): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || HELP_FLAGS.has(name) || name === 'help') {
    const asked = name === 'help' ? commands.find((c) => c.name === rest[0]) : undefined;
    if (asked) help(asked, rest.slice(1), io);
    else overview(io, commands);
    return name ? 0 : 2;
  }
  const command = commands.find((c) => c.name === name);
  if (!command) {
    io.err(`fnq: unknown command '${name}'`);
    overview(io, commands);
    return 2;
  }
  if (rest.some((a) => HELP_FLAGS.has(a))) {
    help(command, rest, io);
    return 0;
  }
  try {
    return await command.run(rest, io);
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`fnq ${name}: ${e.message}\nusage: ${command.usage}`);
      return 2;
    }
    if (e instanceof FnqServiceError) io.err(`fnq ${name}: ${serviceFailure(e)}`);
    else if (e instanceof FnqConnectionError)
      io.err(`fnq ${name}: ${e.message} (is the service running? npm start, or set FNQ_URL / --url)`);
    else if (e instanceof FnqRequestInvalidError)
      io.err(`fnq ${name}: ${e.violations.map((v) => `${v.path} ${v.message}`).join('\n  ')}`);
    else io.err(`fnq ${name}: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  }
}
