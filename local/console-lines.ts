// What `npm start` shows of serverless offline's output. Most of it is noise; errors and warnings
// always show. The handlers' metrics (one CloudWatch EMF JSON object per request, ~450 characters)
// are data for CloudWatch, not for a person: they show only with FNQ_VERBOSE=1 or
// FNQ_LOG_LEVEL=debug, and then as one short line (`metrics GET /health: 1 call, 0.6 ms`).

/** The line to print for one line of serverless offline's output, or undefined to keep it quiet. */
export function consoleLine(line: string, options: { verbose: boolean }): string | undefined {
  const metrics = emfSummary(line);
  if (metrics !== undefined) return options.verbose ? metrics : undefined;
  return options.verbose || /error|warn|fail/i.test(line) ? line : undefined;
}

/** `metrics <route>: <calls>, <latency>[, errors]` for an EMF line; undefined for any other line. */
export function emfSummary(line: string): string | undefined {
  if (!line.trimStart().startsWith('{"_aws"')) return undefined;
  let m: Record<string, unknown>;
  try {
    m = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const count = (name: string) => (typeof m[name] === 'number' ? (m[name] as number) : 0);
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const parts = [plural(count('invocations'), 'call')];
  if (typeof m.latency === 'number') parts.push(`${m.latency.toFixed(1)} ms`);
  if (count('clientErrors')) parts.push(plural(count('clientErrors'), 'client error'));
  if (count('serverErrors')) parts.push(plural(count('serverErrors'), 'server error'));
  return `metrics ${typeof m.route === 'string' ? m.route : '?'}: ${parts.join(', ')}`;
}
