import type { z } from '../zod.js';
import {
  ContractorDeletedV1,
  ContractorProfileUpdatedV1,
  ContractorRegisteredV1,
  PasswordResetRequestedV1,
} from './contractors.js';
import {
  LeadArchivedV1,
  LeadCompletedV1,
  LeadDeletedV1,
  LeadExpiredV1,
  LeadMatchedV1,
  LeadPricedV1,
  LeadPurchasedV1,
  LeadScreenedV1,
  LeadSubmittedV1,
} from './leads.js';
import { ContactMessageReceivedV1 } from './site.js';
import { ContactCodeIssuedV1, LeadContactConfirmedV1, LeadPhoneChangedV1 } from './confirmations.js';
import { RefundDecidedV1, WalletBalanceChangedV1, WalletBalanceLowV1, WalletFundedV1 } from './wallet.js';
import { CustomerToBeToldV1 } from './customer.js';
import { AdminActionTakenV1 } from './admin.js';
import { LeadContactedV1 } from './offer-rounds.js';
import { AutoCreditGrantedV1, AutoCreditReversedV1, CustomerUnreachableV1 } from './auto-credits.js';
import { LeadOutcomeRecordedV1 } from './outcomes.js';

export * from './envelope.js';
export * from './leads.js';
export * from './contractors.js';
export * from './wallet.js';
export * from './site.js';
export * from './customer.js';
export * from './admin.js';
export * from './offer-rounds.js';
export * from './auto-credits.js';
export * from './confirmations.js';
export * from './outcomes.js';

/** Every event type with the schema of its current version. The bus validates `data` against it on both sides. */
export const EVENT_SCHEMAS = {
  LeadSubmitted: LeadSubmittedV1,
  LeadScreened: LeadScreenedV1,
  LeadPriced: LeadPricedV1,
  LeadMatched: LeadMatchedV1,
  LeadPurchased: LeadPurchasedV1,
  LeadCompleted: LeadCompletedV1,
  LeadArchived: LeadArchivedV1,
  LeadExpired: LeadExpiredV1,
  LeadDeleted: LeadDeletedV1,
  ContractorRegistered: ContractorRegisteredV1,
  ContractorProfileUpdated: ContractorProfileUpdatedV1,
  ContractorDeleted: ContractorDeletedV1,
  PasswordResetRequested: PasswordResetRequestedV1,
  WalletFunded: WalletFundedV1,
  WalletBalanceChanged: WalletBalanceChangedV1,
  WalletBalanceLow: WalletBalanceLowV1,
  RefundDecided: RefundDecidedV1,
  ContactMessageReceived: ContactMessageReceivedV1,
  CustomerToBeTold: CustomerToBeToldV1,
  AdminActionTaken: AdminActionTakenV1,
  LeadContacted: LeadContactedV1,
  CustomerUnreachable: CustomerUnreachableV1,
  AutoCreditGranted: AutoCreditGrantedV1,
  AutoCreditReversed: AutoCreditReversedV1,
  ContactCodeIssued: ContactCodeIssuedV1,
  LeadContactConfirmed: LeadContactConfirmedV1,
  LeadPhoneChanged: LeadPhoneChangedV1,
  LeadOutcomeRecorded: LeadOutcomeRecordedV1,
} as const;

export type EventType = keyof typeof EVENT_SCHEMAS;
export type EventData<T extends EventType> = z.infer<(typeof EVENT_SCHEMAS)[T]>;
export const EVENT_VERSION = 1;
