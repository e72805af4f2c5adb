import { EventEnvelopeSchema, type EventEnvelope } from '@leadmarket/contracts';
import { InvalidMessageError } from './event-bus.js';

/** Parse a message body into an envelope, or say why it is not one. */
export function decodeEnvelope(body: string): EventEnvelope {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new InvalidMessageError('body is not JSON');
  }
  const parsed = EventEnvelopeSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InvalidMessageError(
      `not an event envelope: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim(),
    );
  }
  return parsed.data as EventEnvelope;
}
