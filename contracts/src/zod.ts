/**
 * The one way contracts' modules get zod: importing it from here runs zod-messages first, so every
 * schema — in whichever bundle or chunk it is built — has the plain-words error map and, in the
 * browser, no `new Function` probe (the site's CSP forbids eval).
 */
import './zod-messages.js';

export { z } from 'zod';
