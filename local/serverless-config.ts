// What the local stack reads from serverless.yml: SQS-triggered functions and the S3 notification
// filter, so local delivery behaves like the deployed wiring without a second copy of it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import yaml from 'js-yaml';

export const PROJECT_ROOT = new URL('..', import.meta.url).pathname;

const tags = ['!Ref', '!GetAtt', '!Join', '!Sub', '!If', '!Select'].flatMap((tag) =>
  (['scalar', 'sequence', 'mapping'] as const).map(
    (kind) => new yaml.Type(tag, { kind, construct: (d: unknown) => ({ [tag]: d }) }),
  ),
);

type Resources = Record<string, { Type: string; Properties?: Record<string, unknown> }>;

interface ServerlessDoc {
  service: string;
  functions: Record<string, { events?: Record<string, unknown>[] }>;
  /** A list: the written resources, then generated ones (`${file(…)}`, which this reader leaves unresolved). */
  resources?: ({ Resources?: Resources } | string)[];
}

/** serverless.yml of this checkout, or of another one at `root` (a bench's "before"). */
export const loadServerless = (root = PROJECT_ROOT): ServerlessDoc =>
  yaml.load(readFileSync(join(root, 'serverless.yml'), 'utf8'), {
    schema: yaml.DEFAULT_SCHEMA.extend(tags),
  }) as ServerlessDoc;

/** The resources written in serverless.yml (buckets, queues, tables), merged from every list item. */
export const declaredResources = (doc = loadServerless()): Resources =>
  Object.assign(
    {},
    ...(doc.resources ?? []).map((item) => (typeof item === 'object' ? item.Resources : undefined) ?? {}),
  );

export interface QueueConsumer {
  functionName: string;
  /** Logical id of the queue resource, e.g. JobsQueue. */
  queue: string;
  batchSize: number;
}

export function queueConsumers(doc = loadServerless()): QueueConsumer[] {
  const out: QueueConsumer[] = [];
  for (const [name, fn] of Object.entries(doc.functions ?? {})) {
    for (const event of fn.events ?? []) {
      const sqs = event.sqs as { arn?: { '!GetAtt'?: string }; batchSize?: number } | undefined;
      const ref = sqs?.arn?.['!GetAtt'];
      if (ref) out.push({ functionName: name, queue: ref.split('.')[0]!, batchSize: sqs?.batchSize ?? 10 });
    }
  }
  return out;
}

export interface KeyFilter {
  prefix?: string;
  suffix?: string;
}

/** The S3 → SQS notification filters declared on the uploads bucket (none: nothing forwarded). */
export function s3NotificationFilters(doc = loadServerless()): KeyFilter[] {
  const bucket = declaredResources(doc).UploadsBucket?.Properties as
    | {
        NotificationConfiguration?: {
          QueueConfigurations?: { Filter?: { S3Key?: { Rules?: { Name: string; Value: string }[] } } }[];
        };
      }
    | undefined;
  return (bucket?.NotificationConfiguration?.QueueConfigurations ?? []).map((q) => {
    const filter: KeyFilter = {};
    for (const rule of q.Filter?.S3Key?.Rules ?? [])
      filter[rule.Name.toLowerCase() as 'prefix' | 'suffix'] = rule.Value;
    return filter;
  });
}

export const matchesFilter = (key: string, f: KeyFilter) =>
  (!f.prefix || key.startsWith(f.prefix)) && (!f.suffix || key.endsWith(f.suffix));
