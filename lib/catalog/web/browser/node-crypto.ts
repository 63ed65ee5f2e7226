// node:crypto in the browser bundle, for the one use the shared validation code makes of it:
// SchemaCompiler's cache key. A page compiles a schema or two, so the key may be the JSON text
// itself; a digest would only bound memory on the server.
export function createHash(_algorithm: 'sha256') {
  let text = '';
  const hash = {
    update(data: string) {
      text += data;
      return hash;
    },
    digest(_encoding: 'base64') {
      return text;
    },
  };
  return hash;
}
