// The files an embedding Lambda (the embed worker, the retrieval route, MCP) ships beside its bundle:
// LanceDB's (deploy/lancedb-package.cjs) plus ONNX Runtime for the dense embedder (lib/ai/onnx-embedder.ts),
// which the bundle leaves external because it is native. Only what Node loads on Linux x64 is shipped:
// onnxruntime-node's compiled JS, its Linux x64 binding and libonnxruntime.so.1 (46 MB unzipped), and
// onnxruntime-common's CommonJS build. Its install script and the other platforms' binaries stay home.
// The model itself is not shipped: it is larger than a zip may be, and is read from FNQ_MODELS_S3_URI
// into /tmp at cold start (docs/ai.md "On AWS"). Stage local gets none, as for LanceDB.
'use strict';

const lancedbPackage = require('./lancedb-package.cjs');

const ONNX_RUNTIME = [
  'node_modules/onnxruntime-node/package.json',
  'node_modules/onnxruntime-node/dist/*.js',
  'node_modules/onnxruntime-node/bin/napi-v6/linux/x64/**',
  'node_modules/onnxruntime-common/package.json',
  'node_modules/onnxruntime-common/dist/cjs/**/*.js',
  'node_modules/onnxruntime-common/dist/cjs/package.json',
];

module.exports = async (options) => {
  const lancedb = await lancedbPackage(options);
  return (await options.resolveVariable('sls:stage')) === 'local' ? lancedb : [...lancedb, ...ONNX_RUNTIME];
};
module.exports.ONNX_RUNTIME = ONNX_RUNTIME;
