// Types of esbuild-plugins.mjs (plain JS, so serverless-esbuild can require it).
import type { Plugin } from 'esbuild';

export const CATALOG_ASSETS_ID: 'fnq:catalog-assets';
export function catalogAssetsModule(): Promise<string>;
export const catalogAssets: Plugin;
export const rawText: Plugin;
export function workerScript(entry: string): Promise<string>;
export const workerBundle: Plugin;
export const chunksBesideEntry: Plugin;
export const stopWhenIdle: Plugin;
declare const plugins: Plugin[];
export default plugins;
