import type { ServiceDefinition } from '@leadmarket/platform';
import { service as admin } from '@leadmarket/admin';
import { service as contractors } from '@leadmarket/contractors';
import { service as leadIntake } from '@leadmarket/lead-intake';
import { service as matching } from '@leadmarket/matching';
import { service as notification } from '@leadmarket/notification';
import { service as screening } from '@leadmarket/screening';
import { service as walletLedger } from '@leadmarket/wallet-ledger';

/** Every service of the marketplace, in start order. */
export const ALL_SERVICES: ServiceDefinition[] = [
  leadIntake,
  screening,
  contractors,
  matching,
  walletLedger,
  notification,
  admin,
];
