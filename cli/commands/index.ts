import type { Command } from '../command';
import { deploy } from './deploy';
import { functions } from './functions';
import { jobs } from './jobs';
import { spec } from './spec';
import { upload } from './upload';
import { token } from './token';

// Every sub-command, in the order `fnq --help` lists them.
export const commands: Command[] = [token, spec, deploy, functions, upload, jobs];
