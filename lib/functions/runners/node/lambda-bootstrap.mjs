import { pathToFileURL } from 'node:url';

const { LAMBDA_TASK_ROOT, FNQ_ENTRY_FILE, FNQ_ENTRYPOINT } = process.env;
const mod = await import(pathToFileURL(LAMBDA_TASK_ROOT + '/' + FNQ_ENTRY_FILE).href);
const fn = typeof mod[FNQ_ENTRYPOINT] === 'function' ? mod[FNQ_ENTRYPOINT] : mod.default && mod.default[FNQ_ENTRYPOINT];

export const handler = async (request) => {
  const body = await fn(request);
  return { body: body === undefined ? null : body };
};
