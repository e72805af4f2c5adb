/**
 * Request and response schemas of each function, one module per owning service.
 * Services validate with them; the web app types its fetchers with them.
 */
export * from './common.js';
export * from './lead-intake.js';
export * from './contractors.js';
export * from './wallet-ledger.js';
export * from './matching.js';
export * from './admin.js';
export * from './screening.js';
export * from './notification.js';
export * from './internal.js';
export * from './functions.js';
