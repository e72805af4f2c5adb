import type { ConsumerDefinition } from '@leadmarket/platform';
import type { ScreeningDatabase } from '../db/database.js';
import { leadDeletedConsumer } from './lead-deleted.consumer.js';
import { leadSubmittedConsumer } from './lead-submitted.consumer.js';

/** Every event screening consumes, one handler per file. */
export const consumers: ConsumerDefinition<any, ScreeningDatabase>[] = [leadSubmittedConsumer, leadDeletedConsumer];
