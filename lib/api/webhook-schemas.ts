// The schemas of the webhook routes' bodies and answers (their entries are in routes.ts), literals so
// that the body's type is derived from the schema that checks it.
import type { JsonSchema, SchemaValue } from '../json-schema';
import { EVENT_TYPES } from '../webhooks/events';

const dateTime = { type: 'string', format: 'date-time' } as const;

export const webhookEndpointSchema = {
  type: 'object',
  required: ['id', 'url', 'events', 'created_at'],
  properties: {
    id: { type: 'string', description: 'The endpoint id, ep_….' },
    url: { type: 'string', format: 'uri' },
    events: { type: 'array', items: { enum: [...EVENT_TYPES] } },
    description: { type: 'string' },
    created_at: dateTime,
  },
} as const satisfies JsonSchema;

export const webhookDeliverySchema = {
  type: 'object',
  required: ['id', 'event_id', 'event_type', 'status', 'created_at', 'next_attempt_at', 'attempts'],
  properties: {
    id: { type: 'string', description: 'msg_…: the webhook-id header of every attempt.' },
    event_id: { type: 'string' },
    event_type: { enum: [...EVENT_TYPES] },
    status: { enum: ['pending', 'delivered', 'failed'] },
    created_at: dateTime,
    next_attempt_at: { type: ['string', 'null'], format: 'date-time' },
    attempts: {
      type: 'array',
      items: {
        type: 'object',
        required: ['at', 'status_code', 'error', 'duration_ms'],
        properties: {
          at: dateTime,
          status_code: { type: ['integer', 'null'], description: "The receiver's status; null when none came." },
          error: { type: ['string', 'null'], description: 'Why the attempt failed.' },
          duration_ms: { type: 'integer' },
        },
      },
    },
  },
} as const satisfies JsonSchema;

export const newWebhookEndpointSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['url', 'events'],
  properties: {
    url: { type: 'string', minLength: 1, maxLength: 2048, description: 'https:// URL that receives POSTs.' },
    events: { type: 'array', minItems: 1, uniqueItems: true, items: { enum: [...EVENT_TYPES] } },
    description: { type: 'string', maxLength: 200 },
  },
} as const satisfies JsonSchema;

/** A new endpoint as the route's body schema accepts it. */
export type NewWebhookEndpoint = SchemaValue<typeof newWebhookEndpointSchema>;

export const createdWebhookEndpointSchema = {
  ...webhookEndpointSchema,
  required: [...webhookEndpointSchema.required, 'secret'],
  properties: {
    ...webhookEndpointSchema.properties,
    secret: { type: 'string', pattern: '^whsec_', description: 'Verify deliveries with it; keep it secret.' },
  },
} as const satisfies JsonSchema;
