// `import text from './file.ext?raw'`: the file's text (esbuild-plugins.mjs, Vite, text-imports.mjs).
declare module '*?raw' {
  const text: string;
  export default text;
}
