import type { EventType } from '@leadmarket/contracts';
import type { ConsumerDefinition } from '@leadmarket/platform';
import { autoCreditGrantedConsumer } from './auto-credit-granted.consumer.js';
import { autoCreditReversedConsumer } from './auto-credit-reversed.consumer.js';
import { leadExpiredConsumer } from './lead-expired.consumer.js';
import { leadPurchasedConsumer } from './lead-purchased.consumer.js';
import { leadScreenedConsumer } from './lead-screened.consumer.js';
import { refundDecidedConsumer } from './refund-decided.consumer.js';
import type { LeadIntakeContext } from '../context.js';

/** Every event lead-intake consumes, one handler per file. */
export const consumers: ConsumerDefinition<EventType, LeadIntakeContext>[] = [
  leadScreenedConsumer,
  leadPurchasedConsumer,
  refundDecidedConsumer,
  leadExpiredConsumer,
  autoCreditGrantedConsumer,
  autoCreditReversedConsumer,
];
