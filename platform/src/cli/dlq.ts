import { SERVICE_NAMES, type ServiceName } from '@leadmarket/contracts';
import { RabbitMqEventBus } from '../bus/rabbitmq.js';
import { createLogger } from '../logger.js';
import { queueOf } from '../service/service.js';

/**
 * `npm run dlq -- <service> [--redrive] [--max N]`: list a service's dead letters (type, id and
 * why each was dead-lettered) or, with --redrive, put them back on the service's queue once the
 * cause is fixed. Uses AMQP_URL and BUS_NAMESPACE like the services.
 */
const args = process.argv.slice(2);
const service = args.find((a) => !a.startsWith('--')) as ServiceName | undefined;
const redrive = args.includes('--redrive');
const maxIndex = args.indexOf('--max');
const max = maxIndex >= 0 ? Number(args[maxIndex + 1]) : 1000;

if (!service || !SERVICE_NAMES.includes(service) || !Number.isInteger(max) || max < 1) {
  console.error(`usage: npm run dlq -- <service> [--redrive] [--max N]\n  services: ${SERVICE_NAMES.join(', ')}`);
  process.exit(2);
}
const url = process.env.AMQP_URL;
if (!url) {
  console.error('npm run dlq needs AMQP_URL (e.g. amqp://guest:guest@127.0.0.1:5672)');
  process.exit(2);
}

const bus = await RabbitMqEventBus.connect({
  url,
  namespace: process.env.BUS_NAMESPACE ?? '',
  logger: createLogger('dlq', 'warn'),
});
const queue = queueOf(service, process.env.BUS_NAMESPACE ?? '');
try {
  if (redrive) {
    const moved = await bus.redriveDeadLetters(queue, max);
    console.log(`${moved} dead letter(s) of ${service} put back on ${queue}`);
  } else {
    const letters = await bus.peekDeadLetters(queue, max);
    const depth = await bus.deadLetterDepth(queue);
    console.log(`${depth} dead letter(s) of ${service} (${queue}.dlq)`);
    for (const letter of letters) {
      let type = '?';
      let id = '?';
      try {
        const body = JSON.parse(letter.body) as { type?: string; id?: string };
        type = body.type ?? '?';
        id = body.id ?? '?';
      } catch {
        /* not JSON: show the reason only */
      }
      console.log(`  ${type}  ${id}  ${letter.reason}`);
    }
    if (depth > 0) console.log(`re-drive them after fixing the cause: npm run dlq -- ${service} --redrive`);
  }
} finally {
  await bus.close();
}
