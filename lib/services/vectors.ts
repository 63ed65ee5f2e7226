// Our vector store: LanceDB at FNQ_LANCE_URI, a directory locally, `s3+ddb://` on AWS
// (credentials from the Lambda role). LanceDB's native module loads on first use.
import { getConfig } from '../config';
import type { VectorStore } from '../vectors/ports';
import { onFirstUse } from './lazy';

let vectorStore: VectorStore | undefined;

export function vectors(): VectorStore {
  vectorStore ??= onFirstUse(
    async () => new (await import('../vectors/lancedb-store')).LanceVectorStore({ uri: getConfig().lanceUri }),
  );
  return vectorStore;
}
