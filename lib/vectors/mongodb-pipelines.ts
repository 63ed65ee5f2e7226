// Aggregation pipelines for the caller's own MongoDB collection, built as plain data so tests can
// run them through an in-memory engine. Two ways to rank:
// - `$vectorSearch` (Atlas, or a server with mongot): approximate, uses the caller's vector index;
// - exact cosine in the pipeline itself, for servers without `$vectorSearch`: every document with a
//   vector of the query's length is scored (dot product over norms), sorted and cut. It reads the
//   whole collection, so it suits small collections; Atlas users get the index.
import type { Document } from 'mongodb';

export interface MongoFields {
  /** Field holding the document's vector (array of numbers). */
  vectorPath: string;
  textField: string;
  sourceField: string;
}

export interface MongoSearch extends MongoFields {
  vector: number[];
  limit: number;
}

/** Atlas's bound on `numCandidates`. */
export const MAX_CANDIDATES = 10_000;
/** Candidates per wanted hit: Atlas's guidance is 10–20× the limit for good recall. */
const CANDIDATES_PER_HIT = 20;

// Field names become `$field` expressions: anything but plain dotted names could smuggle in an
// operator or a system variable.
const FIELD_PATH = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

export function checkFieldPath(path: string): string {
  if (!FIELD_PATH.test(path)) throw new Error(`Not a plain field path: ${JSON.stringify(path)}`);
  return path;
}

/** The shape every hit leaves the database in. */
function projectHit(fields: MongoFields, score: unknown): Document {
  return {
    $project: {
      _id: 0,
      id: { $toString: '$_id' },
      text: `$${checkFieldPath(fields.textField)}`,
      source: `$${checkFieldPath(fields.sourceField)}`,
      score,
    },
  };
}

export function vectorSearchPipeline(search: MongoSearch & { index: string }): Document[] {
  return [
    {
      $vectorSearch: {
        index: search.index,
        path: checkFieldPath(search.vectorPath),
        queryVector: search.vector,
        numCandidates: Math.min(search.limit * CANDIDATES_PER_HIT, MAX_CANDIDATES),
        limit: search.limit,
      },
    },
    projectHit(search, { $meta: 'vectorSearchScore' }),
  ];
}

const sumOf = (input: unknown, term: unknown) => ({
  $reduce: { input, initialValue: 0, in: { $add: ['$$value', term] } },
});

export function exactCosinePipeline(search: MongoSearch): Document[] {
  const path = checkFieldPath(search.vectorPath);
  const queryNorm = Math.sqrt(search.vector.reduce((sum, x) => sum + x * x, 0));
  if (queryNorm === 0) throw new Error('The zero vector has no direction to rank by');
  const pairs = { $zip: { inputs: [`$${path}`, { $literal: search.vector }] } };
  const product = { $multiply: [{ $arrayElemAt: ['$$this', 0] }, { $arrayElemAt: ['$$this', 1] }] };
  return [
    // Only vectors the query can be compared with; $zip would silently cut a longer one.
    { $match: { [path]: { $size: search.vector.length } } },
    {
      $addFields: {
        _fnqDot: sumOf(pairs, product),
        _fnqNorm: { $sqrt: sumOf(`$${path}`, { $multiply: ['$$this', '$$this'] }) },
      },
    },
    // A zero vector has no cosine; it is left out rather than ranked as 0.
    { $match: { _fnqNorm: { $gt: 0 } } },
    { $addFields: { _fnqScore: { $divide: ['$_fnqDot', { $multiply: ['$_fnqNorm', queryNorm] }] } } },
    { $sort: { _fnqScore: -1, _id: 1 } },
    { $limit: search.limit },
    projectHit(search, '$_fnqScore'),
  ];
}
