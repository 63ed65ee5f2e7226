import type { Command } from '../command';
import { spec } from './spec';

// Every sub-command, in the order `fnq --help` lists them.
export const commands: Command[] = [spec];
