// `import text from './file.ext?raw'`: the file's text (esbuild-plugins.mjs, Vite, text-imports.mjs).
declare module '*?raw' {
  const text: string;
  export default text;
}

// `import script from './entry.ts?bundle'`: the entry bundled with its imports into one CommonJS
// script, for `new Worker(script, { eval: true })` (esbuild-plugins.mjs, vitest.config.ts, text-imports.mjs).
declare module '*?bundle' {
  const script: string;
  export default script;
}
