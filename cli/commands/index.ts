import type { Command } from '../command';
import { spec } from './spec';
import { token } from './token';

// Every sub-command, in the order `fnq --help` lists them.
export const commands: Command[] = [token, spec];
