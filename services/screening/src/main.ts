import { runServiceProcess } from '@leadmarket/platform';
import { service } from './index.js';

// Distributed mode: this service as its own process (see README "Running distributed").
await runServiceProcess(service);
