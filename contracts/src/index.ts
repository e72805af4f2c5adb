import './zod-messages.js';
export { describeZodError } from './zod-messages.js';
export * from './routes.js';
export * from './constants.js';
export * from './targeting.js';
export * from './messages.js';
export * from './events/index.js';
export * from './calls/index.js';
