import type { EventType } from '@leadmarket/contracts';
import type { ConsumerDefinition } from '@leadmarket/platform';
import type { ScreeningContext } from '../context.js';
import { leadDeletedConsumer } from './lead-deleted.consumer.js';
import { leadPhoneChangedConsumer } from './lead-phone-changed.consumer.js';
import { leadSubmittedConsumer } from './lead-submitted.consumer.js';

/** Every event screening consumes, one handler per file. */
export const consumers: ConsumerDefinition<EventType, ScreeningContext>[] = [
  leadSubmittedConsumer,
  leadDeletedConsumer,
  leadPhoneChangedConsumer,
];
