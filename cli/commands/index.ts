import type { Command } from '../command';
import { collections } from './collections';
import { deploy } from './deploy';
import { functions } from './functions';
import { jobs } from './jobs';
import { query } from './query';
import { spec } from './spec';
import { status } from './status';
import { token } from './token';
import { upload } from './upload';
import { usage } from './usage';
import { webhooks } from './webhooks';

// Every sub-command, in the order `fnq --help` lists them.
export const commands: Command[] = [
  query,
  upload,
  status,
  collections,
  usage,
  deploy,
  functions,
  spec,
  token,
  jobs,
  webhooks,
];
