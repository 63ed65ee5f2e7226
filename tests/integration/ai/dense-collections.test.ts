// A collection keeps the embedder that filled it: filled with the dense model (FNQ_EMBEDDER), it is still
// queried with that model after a restart whose default is the lexical embedder, and uploads embedded
// another way are refused. The restart is a fresh load of every module (config, caches, handlers) over
// the same emulators and LanceDB folder, as a new Lambda instance or `npm start` would see them.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { modelFolder } from '../../../lib/ai/onnx-embedder';
import { multipartBody, type HandlerFn } from '../../support/api-event';
import { startIngestStack, type IngestStack } from '../ingest/stack';

const MODELS = process.env.FNQ_MODELS_DIR ?? join(process.cwd(), '.models');
const DENSE = 'all-mpnet-base-v2-int8';
const MISSING = `needs ${DENSE}, which npm run models writes to ${MODELS}; not there`;
if (process.env.CI && !modelFolder(MODELS, DENSE)) throw new Error(MISSING);

const RULES = `# Rental rules

The car must be returned with a full tank.

Pets are not allowed in the rental apartment.
`;

let stack: IngestStack;
let owner: string;

async function handler(name: string): Promise<HandlerFn> {
  return (await import(`../../../handlers/http/${name}`)).handler as HandlerFn;
}

describe.skipIf(!modelFolder(MODELS, DENSE))(
  `collections filled by the dense embedder (${modelFolder(MODELS, DENSE) ? DENSE : MISSING})`,
  () => {
    beforeAll(async () => {
      stack = await startIngestStack({ env: { FNQ_EMBEDDER: DENSE, FNQ_MODELS_DIR: MODELS } });
      owner = await stack.token('acct-dense');
      const up = await stack.uploadFile(owner, 'rules', 'rules.md', Buffer.from(RULES));
      expect(up.status).toBe(202);
      await stack.drain();
      expect((await stack.status(owner, up.body.upload_id as string)).body.status).toBe('completed');
    }, 180_000);
    afterAll(() => stack?.stop());

    it('records the dense embedder on the collection', async () => {
      const collection = await stack.services.statuses().getCollection('acct-dense', 'rules');
      expect(collection?.embedder).toBe(DENSE);
    });

    it('after a restart with the lexical default, still queries with its model and refuses other uploads', async () => {
      vi.resetModules();
      process.env.FNQ_EMBEDDER = 'local-lexical-v1';
      (await import('../../../lib/config')).resetConfig();

      const upload = await handler('upload');
      const file = { field: 'file', filename: 'more.txt', bytes: Buffer.from('Keys go in the box by the door.') };
      const { body, contentType } = await multipartBody([file]);
      const refused = await stack.call(upload, {
        method: 'POST',
        path: '/embedder-service/v1/upload',
        query: { collection_name: 'rules' },
        headers: { 'content-type': contentType },
        body,
        token: owner,
      });
      expect(refused.status).toBe(409);
      expect(refused.body.error).toBe('embedder_mismatch');
      expect((refused.body.messages as string[])[0]).toMatch(
        new RegExp(`filled with embedder ${DENSE}, but new uploads are embedded with local-lexical-v1`),
      );

      const vectordb = await handler('query-vectordb');
      const answer = await stack.call(vectordb, {
        method: 'POST',
        path: '/query-service/v1/vectordb',
        token: owner,
        body: { query: 'Must the car be returned with a full tank?', vector_docdb_collection: 'rules' },
      });
      expect(answer.status).toBe(200);
      expect(answer.body.answer).toContain('full tank');
    }, 180_000);

    it('answers 409 embedder_unavailable once its model is gone', async () => {
      vi.resetModules();
      process.env.FNQ_MODELS_DIR = join(MODELS, 'no-such-folder');
      (await import('../../../lib/config')).resetConfig();
      const vectordb = await handler('query-vectordb');
      const reply = await stack.call(vectordb, {
        method: 'POST',
        path: '/query-service/v1/vectordb',
        token: owner,
        body: { query: 'Is a full tank needed?', vector_docdb_collection: 'rules' },
      });
      expect(reply.status).toBe(409);
      const messages = reply.body.messages as string[];
      expect(messages[0]).toMatch(
        new RegExp(`^ISSUE: The collection rules was embedded with ${DENSE}, which this deployment no longer runs`),
      );
      expect(messages.at(-1)).toBe('failed');
    });
  },
);
