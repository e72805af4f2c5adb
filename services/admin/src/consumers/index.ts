import type { EventType } from '@leadmarket/contracts';
import type { ConsumerDefinition } from '@leadmarket/platform';
import type { AdminContext } from '../context.js';
import { adminActionTakenConsumer } from './admin-action-taken.consumer.js';

/** Every event admin consumes, one handler per file. */
export const consumers: ConsumerDefinition<EventType, AdminContext>[] = [adminActionTakenConsumer];
