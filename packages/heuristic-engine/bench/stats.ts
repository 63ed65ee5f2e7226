// The two figures helpers the engine's benches need, kept here so the package's benches stand alone.

/** The p-th percentile of an ascending array of numbers; NaN when it is empty. */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

/** True when the module at `url` is the script node was started with (a bench run on its own). */
export const isMain = (url: string) =>
  process.argv[1] !== undefined && url === new URL(`file://${process.argv[1]}`).href;
