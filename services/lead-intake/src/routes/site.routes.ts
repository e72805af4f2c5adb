import type { ServiceApp, ServiceContext } from '@leadmarket/platform';

/** The site intake functions: contractor-waitlist-signup, contact, track-page-view. */
export function registerSiteRoutes(_app: ServiceApp, _ctx: ServiceContext): void {}
