// `fnq webhooks add <url> --events a,b | list | rm <id> | deliveries <id>`: the account's webhook
// endpoints. `add` prints the signing secret, which the service never shows again.
import type { WebhookEventType } from '../../sdk/index';
import { parseOptions, UsageError, type Command } from '../command';
import { table } from '../table';
import { SERVICE_OPTIONS_HELP, serviceClient, serviceOptionSpec } from '../service-options';

const EVENTS: WebhookEventType[] = ['upload.completed', 'upload.failed', 'function.deployed', 'function.deploy_failed'];

function events(text: string | undefined): WebhookEventType[] {
  const list = (text ?? EVENTS.join(',')).split(',').map((e) => e.trim());
  const unknown = list.filter((e) => !EVENTS.includes(e as WebhookEventType));
  if (unknown.length) throw new UsageError(`unknown event(s) ${unknown.join(', ')}; known: ${EVENTS.join(', ')}`);
  return list as WebhookEventType[];
}

export const webhooks: Command = {
  name: 'webhooks',
  summary: 'your webhook endpoints: add, list, rm, deliveries',
  usage: `fnq webhooks add <url> [--events ${EVENTS.join(',')}] [--description <text>]\n       fnq webhooks list | rm <id> | deliveries <id>   [--json] [--url <base url>] [--token <svcwt>]\n       add prints the signing secret (whsec_…) once: keep it to verify deliveries (docs/webhooks.md)\n       ${SERVICE_OPTIONS_HELP}`,
  async run(argv, io) {
    const { values, positionals } = parseOptions(argv, {
      events: { type: 'string' },
      description: { type: 'string' },
      json: { type: 'boolean' },
      ...serviceOptionSpec,
    });
    const [action, arg, ...rest] = positionals;
    if (rest.length) throw new UsageError('too many arguments');
    const needArg = (what: string) => {
      if (!arg) throw new UsageError(`webhooks ${action} needs the endpoint's ${what}`);
      return arg;
    };
    const client = () => serviceClient(values, io).webhooks;
    const print = (value: unknown, text: () => string) => io.out(values.json ? JSON.stringify(value, null, 2) : text());
    switch (action) {
      case 'add': {
        const created = await client().add({
          url: needArg('URL'),
          events: events(values.events),
          description: values.description,
        });
        print(
          created,
          () =>
            `endpoint ${created.id} for ${created.events.join(', ')}\nsigning secret (shown once): ${created.secret}`,
        );
        return 0;
      }
      case 'list': {
        const list = await client().list();
        print(list, () =>
          list.length
            ? table([
                ['ID', 'URL', 'EVENTS', 'CREATED'],
                ...list.map((e) => [e.id, e.url, e.events.join(','), e.created_at]),
              ])
            : 'no webhook endpoints',
        );
        return 0;
      }
      case 'rm':
        print(await client().remove(needArg('id')), () => `removed ${arg}`);
        return 0;
      case 'deliveries': {
        const list = await client().deliveries(needArg('id'));
        print(list, () =>
          list.length
            ? table([
                ['ID', 'EVENT', 'STATUS', 'ATTEMPTS', 'LAST'],
                ...list.map((d) => {
                  const last = d.attempts.at(-1);
                  return [
                    d.id,
                    d.event_type,
                    d.status,
                    String(d.attempts.length),
                    last ? (last.error ?? String(last.status_code)) : '-',
                  ];
                }),
              ])
            : 'no deliveries yet',
        );
        return 0;
      }
      default:
        throw new UsageError('webhooks needs add, list, rm or deliveries');
    }
  },
};
