import type { ConsumerDefinition } from '@leadmarket/platform';
import { leadSubmittedConsumer } from './lead-submitted.consumer.js';

/** Every event screening consumes, one handler per file. */
export const consumers: ConsumerDefinition[] = [leadSubmittedConsumer];
