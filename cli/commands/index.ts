import type { Command } from '../command';

// Every sub-command, in the order `fnq --help` lists them.
export const commands: Command[] = [];
