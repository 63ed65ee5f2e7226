// The virtual module esbuild-plugins.mjs builds from lib/catalog/web/browser/.
declare module 'fnq:catalog-assets' {
  export const js: string;
  export const css: string;
}
