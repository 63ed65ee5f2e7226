// The settings webhooks run with: lib/config.ts declares and reads them (FNQ_WEBHOOKS_*), so config
// imports nothing of this layer.
export type { WebhookSettings } from '../config';

/** Deliveries listed per request, newest first. */
export const DELIVERIES_LISTED = 50;
