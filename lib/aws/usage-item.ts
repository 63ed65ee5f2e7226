// The usage table's item, one per account, UTC day and route: its key and the update that adds a request's
// counters to it. Shared by the SDK store (which reads the items back) and the signed writer (which adds to
// them without the SDK), so both write the same shape. Imports nothing, so the writer's chunk stays small.
import type { UsageDelta } from '../usage/ports';

/** How long a day's counters are kept: the usage route reads at most 366 days back. */
export const USAGE_RETENTION_DAYS = 400;

const DAY_MS = 86_400_000;

/** When DynamoDB's TTL may remove a day's item, in epoch seconds. */
export const usageExpiry = (day: string) =>
  Math.floor((Date.parse(`${day}T00:00:00Z`) + USAGE_RETENTION_DAYS * DAY_MS) / 1000);

export const usagePk = (account: string) => `acct#${account}`;

export const usageKey = (account: string, day: string, route: string) => ({
  pk: usagePk(account),
  sk: `${day}#${route}`,
});

/** DynamoDB's ADD makes concurrent increments safe. */
export const USAGE_UPDATE_EXPRESSION =
  'ADD calls :c, errors :e, durationMs :d, aiTokens :t SET #day = :day, #route = :route, expiresAt = :expires';
export const USAGE_ATTRIBUTE_NAMES = { '#day': 'day', '#route': 'route' };

export const usageValues = (day: string, route: string, delta: UsageDelta) => ({
  ':c': delta.calls,
  ':e': delta.errors,
  ':d': Math.round(delta.durationMs),
  ':t': delta.aiTokens,
  ':day': day,
  ':route': route,
  ':expires': usageExpiry(day),
});
