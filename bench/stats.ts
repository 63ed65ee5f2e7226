// Small timing helpers shared by the benchmarks.

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export interface Timing {
  p50: number;
  p99: number;
  mean: number;
  n: number;
}

/** Runs `fn` `warmup` times unmeasured, then `n` times, and summarises the wall times in ms. */
export async function time(
  fn: () => Promise<unknown> | unknown,
  n: number,
  warmup = Math.min(200, n),
): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  return {
    p50: percentile(samples, 50),
    p99: percentile(samples, 99),
    mean: samples.reduce((a, b) => a + b, 0) / n,
    n,
  };
}

export const ms = (v: number) => `${v.toFixed(3)} ms`;
export const isMain = (url: string) =>
  process.argv[1] !== undefined && url === new URL(`file://${process.argv[1]}`).href;
