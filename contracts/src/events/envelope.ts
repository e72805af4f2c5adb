import { z } from '../zod.js';

/** The wrapper every event travels in, on RabbitMQ and on the in-process bus alike. */
export const EventEnvelopeSchema = z.object({
  id: z.string().uuid(),
  type: z.string().min(1),
  version: z.number().int().positive(),
  occurred_at: z.string().datetime({ offset: true }),
  producer: z.string().min(1),
  correlation_id: z.string().min(1),
  /** W3C trace context of the span that produced the event, so consumers continue the trace. */
  traceparent: z.string().optional(),
  data: z.unknown(),
});
export type EventEnvelope<T = unknown> = Omit<z.infer<typeof EventEnvelopeSchema>, 'data'> & { data: T };
