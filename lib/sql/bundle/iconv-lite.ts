// Stands in for iconv-lite in deployed bundles (serverless.yml, esbuild `alias`): 480 KB of code
// pages that mysql2 reaches only for character sets Node's Buffer cannot decode. Sessions read
// results as utf8mb4; what still arrives is metadata in utf8mb3, which mysql2 calls `cesu8` and
// which is UTF-8 byte for byte (it cannot hold the 4-byte characters where the two differ).
// Anything else is decoded as UTF-8 too: throwing here would kill the connection's socket handler.
const utf8Decoder = () => ({ write: (bytes: Buffer) => bytes.toString('utf8'), end: () => '' });
const utf8Encoder = () => ({ write: (text: string) => Buffer.from(text, 'utf8'), end: () => Buffer.alloc(0) });

export const getDecoder = (_encoding: string) => utf8Decoder();
export const getEncoder = (_encoding: string) => utf8Encoder();
