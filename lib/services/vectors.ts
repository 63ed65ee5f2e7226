// Our vector store: LanceDB at FNQ_LANCE_URI, a directory locally, `s3+ddb://` on AWS
// (credentials from the Lambda role).
import { getConfig } from '../config';
import type { VectorStore } from '../vectors/ports';
import { LanceVectorStore } from '../vectors/lancedb-store';

let vectorStore: VectorStore | undefined;

export function vectors(): VectorStore {
  vectorStore ??= new LanceVectorStore({ uri: getConfig().lanceUri });
  return vectorStore;
}
