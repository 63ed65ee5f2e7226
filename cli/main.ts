import { processIO, UsageError, type CliIO, type Command } from './command';
import { commands } from './commands/index';

function help(io: CliIO, list: Command[]) {
  io.out(['usage: fnq <command> [options]', '', ...list.map((c) => `  ${c.name.padEnd(12)} ${c.summary}`)].join('\n'));
}

export async function main(argv: string[], io: CliIO = processIO()): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h') {
    help(io, commands);
    return name ? 0 : 2;
  }
  const command = commands.find((c) => c.name === name);
  if (!command) {
    io.err(`fnq: unknown command '${name}'`);
    help(io, commands);
    return 2;
  }
  try {
    return await command.run(rest, io);
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`fnq ${name}: ${e.message}\nusage: ${command.usage}`);
      return 2;
    }
    io.err(`fnq ${name}: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  }
}
