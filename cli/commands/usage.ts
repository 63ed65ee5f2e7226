// `fnq usage [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--json]`: the account's usage metrics per day
// and endpoint (the service defaults to the last 30 days), with totals.
import type { UsageRow } from '../../sdk/index';
import { parseOptions, UsageError, type Command } from '../command';
import { table } from '../table';
import { SERVICE_OPTIONS_HELP, serviceClient, serviceOptionSpec } from '../service-options';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function checkDay(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (
    !DAY.test(value) ||
    Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ||
    new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) !== value
  ) {
    throw new UsageError(`--${name} must be a UTC day as YYYY-MM-DD, not "${value}"`);
  }
  return value;
}

function render(rows: UsageRow[]): string {
  const total = rows.reduce(
    (t, r) => ({
      calls: t.calls + r.calls,
      errors: t.errors + r.errors,
      durationMs: t.durationMs + r.durationMs,
      aiTokens: t.aiTokens + r.aiTokens,
    }),
    { calls: 0, errors: 0, durationMs: 0, aiTokens: 0 },
  );
  const line = (day: string, endpoint: string, r: Omit<UsageRow, 'day' | 'endpoint'>) => [
    day,
    endpoint,
    String(r.calls),
    String(r.errors),
    r.calls ? String(Math.round(r.durationMs / r.calls)) : '-',
    String(r.aiTokens),
  ];
  return table(
    [
      ['DAY', 'ENDPOINT', 'CALLS', 'ERRORS', 'AVG MS', 'AI TOKENS'],
      ...rows.map((r) => line(r.day, r.endpoint, r)),
      line('total', '', total),
    ],
    [2, 3, 4, 5],
  );
}

export const usage: Command = {
  name: 'usage',
  summary: 'your usage metrics per day and endpoint (calls, errors, duration, AI tokens)',
  usage: `fnq usage [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--json] [--url <base url>] [--token <svcwt>]\n       days are UTC and both included; without them the service shows the last 30 days\n       ${SERVICE_OPTIONS_HELP}`,
  async run(argv, io) {
    const { values, positionals } = parseOptions(argv, {
      from: { type: 'string' },
      to: { type: 'string' },
      json: { type: 'boolean' },
      ...serviceOptionSpec,
    });
    if (positionals.length > 0) throw new UsageError('usage takes no arguments');
    const from = checkDay('from', values.from);
    const to = checkDay('to', values.to);
    if (from && to && from > to) throw new UsageError('--from is after --to');
    const report = await serviceClient(values, io).usage.get({ from, to });
    if (values.json) {
      io.out(JSON.stringify(report, null, 2));
      return 0;
    }
    io.out(`usage of ${report.account} from ${report.from} to ${report.to}`);
    io.out(report.usage.length ? render(report.usage) : 'no calls in this period');
    return 0;
  },
};
