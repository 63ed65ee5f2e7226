// Chunk records for the vector store tests, embedded with the local lexical embedder.
import { embedText } from '@fnquery/heuristic-engine';
import type { ChunkRecord } from '../../../lib/vectors/ports';

export function chunksOf(uploadId: string, texts: string[], extra: Partial<ChunkRecord> = {}): ChunkRecord[] {
  return texts.map((text, position) => ({
    id: `${uploadId}:${position}`,
    uploadId,
    position,
    text,
    source: `${uploadId}.txt`,
    vector: embedText(text).vector,
    ...extra,
  }));
}

export const queryFor = (text: string, limit = 5) => ({ vector: embedText(text).vector, text, limit });

export const TOPICS = [
  'Photosynthesis turns sunlight, water and carbon dioxide into glucose inside chloroplasts.',
  'The mitochondria produce ATP through oxidative phosphorylation.',
  'Volcanic eruptions release ash and sulfur dioxide into the stratosphere.',
  'Neural networks learn weights by gradient descent on a loss function.',
  'The Roman aqueducts carried water across valleys on stone arches.',
  'Vaccines train the immune system to recognise a pathogen before infection.',
];
