// GET /usage-service/v1/usage: an account's stored usage counters by UTC day and endpoint, over a
// window of days that defaults to the last 30 and may span at most 366 (one year, leap day included).
import { badRequest } from '../errors';
import { utcDay, type UsageReader, type UsageRow } from './ports';

export const DEFAULT_DAYS = 30;
export const MAX_DAYS = 366;

const DAY_MS = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface UsageWindow {
  from: string;
  to: string;
}

export interface UsageReport extends UsageWindow {
  account: string;
  usage: UsageRow[];
}

const shift = (day: string, days: number) => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));

function calendarDay(name: 'from' | 'to', value: string): string {
  // Date.parse rolls 2026-02-30 over to March; a real calendar day prints back unchanged.
  if (!DAY.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`)) || shift(value, 0) !== value) {
    throw badRequest(
      `${name} "${value}" is not a calendar day`,
      `Send ${name} as YYYY-MM-DD (UTC), e.g. ${utcDay()}`,
      'invalid_day',
    );
  }
  return value;
}

/** The window asked for: missing ends default to today (to) and 29 days before `to` (from). */
export function usageWindow(query: { from?: string; to?: string }, today = utcDay()): UsageWindow {
  const to = query.to === undefined ? today : calendarDay('to', query.to);
  const from = query.from === undefined ? shift(to, 1 - DEFAULT_DAYS) : calendarDay('from', query.from);
  if (from > to)
    throw badRequest(`from (${from}) is after to (${to})`, 'Send a from day on or before the to day', 'invalid_range');
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  if (days > MAX_DAYS) {
    throw badRequest(
      `The range from ${from} to ${to} spans ${days} days, over the limit of ${MAX_DAYS}`,
      `Ask for at most ${MAX_DAYS} days at a time`,
      'range_too_long',
    );
  }
  return { from, to };
}

const byDayThenEndpoint = (a: UsageRow, b: UsageRow) =>
  a.day < b.day ? -1 : a.day > b.day ? 1 : a.endpoint < b.endpoint ? -1 : a.endpoint > b.endpoint ? 1 : 0;

export async function usageReport(reader: UsageReader, account: string, window: UsageWindow): Promise<UsageReport> {
  const usage = (await reader.list(account, window.from, window.to)).sort(byDayThenEndpoint);
  return { account, from: window.from, to: window.to, usage };
}
