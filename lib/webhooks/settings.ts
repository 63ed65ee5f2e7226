// The settings webhooks run with (lib/config.ts reads them from FNQ_WEBHOOKS_*).
export interface WebhookSettings {
  /** Deliver to 127.0.0.0/8 and ::1 (FNQ_WEBHOOKS_ALLOW_LOOPBACK; on for npm start's local stage only). */
  allowLoopback: boolean;
  /** Deliver to private networks (FNQ_WEBHOOKS_ALLOW_PRIVATE), for receivers inside the service's own VPC. */
  allowPrivate: boolean;
  /** Seals signing secrets at rest (FNQ_WEBHOOKS_KEY, or derived from the JWT secret); webhooks answer 503 without. */
  key?: string;
  /** Seconds between attempts (FNQ_WEBHOOKS_RETRY_SCHEDULE); schedule.ts has the default. */
  retrySchedule: number[];
  /** Per attempt, connect to last byte. */
  timeoutMs: number;
  /** Endpoints one account may register. */
  maxEndpoints: number;
}

/** Deliveries listed per request, newest first. */
export const DELIVERIES_LISTED = 50;
