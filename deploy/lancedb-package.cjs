// The files a LanceDB Lambda ships beside its bundle, as serverless `package.patterns`: LanceDB's native
// module alone, stripped of its debug symbols (deploy/lancedb-native.cjs). LanceDB's JavaScript and the
// packages it requires (apache-arrow and a few small ones) are bundled into the chunk that first uses
// them (serverless.yml), so no node_modules folder of LanceDB's is shipped, resolved or read at run time.
// Stage local gets none: serverless offline's bundles load the module from the project's node_modules.
'use strict';

const { join } = require('node:path');
const { strippedNative } = require('./lancedb-native.cjs');

const ROOT = join(__dirname, '..');

module.exports = async ({ resolveVariable }) =>
  (await resolveVariable('sls:stage')) === 'local' ? [] : [strippedNative(ROOT)];
