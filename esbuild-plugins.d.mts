// Types of esbuild-plugins.mjs (plain JS, so serverless-esbuild can require it).
import type { Plugin } from 'esbuild';

export const chunksBesideEntry: Plugin;
export const stopWhenIdle: Plugin;
declare const plugins: Plugin[];
export default plugins;
