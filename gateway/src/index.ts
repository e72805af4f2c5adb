export * from './app.js';
export * from './session-hook.js';
export * from './stack/marketplace.js';
export * from './stack/services.js';
