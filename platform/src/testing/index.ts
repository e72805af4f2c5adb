export * from './infra.js';
export * from './tcp-proxy.js';
export * from './wait.js';
export * from './service-app.js';
export * from './stand-in.js';
export * from './ports.js';
