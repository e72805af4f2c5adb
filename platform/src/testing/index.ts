export * from './infra.js';
export * from './tcp-proxy.js';
export * from './wait.js';
