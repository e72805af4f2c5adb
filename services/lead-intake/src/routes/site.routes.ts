import { randomUUID } from 'node:crypto';
import {
  ContactRequestSchema,
  emailKey,
  functionPath,
  INTERNAL_CALLS,
  MESSAGES,
  PageViewCountsQuerySchema,
  PageViewCountsResponseSchema,
  TrackPageViewRequestSchema,
  WaitlistSignupRequestSchema,
  type InternalResponse,
} from '@leadmarket/contracts';
import { clientIpOf, tooManyRequests, type ServiceApp } from '@leadmarket/platform';
import type { FastifyRequest } from 'fastify';
import type { LeadIntakeContext } from '../context.js';
import {
  insertPageView,
  insertWaitlistEntry,
  listSiteMessages,
  pageViewCounts,
  storedSecret,
} from '../db/site-intake.repository.js';
import { contactSubject, isBot, SITE_TEXTS, WAITLIST_CONFIRMED_PATH } from '../domain/site-forms.js';
import { utcDay, visitorKey } from '../domain/site-visitor-key.js';
import { recordContactMessage } from '../use-cases/contact-message.js';

/** The site intake functions: contractor-waitlist-signup, contact, track-page-view; and GET /internal/site-messages for admins. */
export function registerSiteRoutes(app: ServiceApp, ctx: LeadIntakeContext): void {
  const config = ctx.config;

  let salt: Promise<string> | undefined;
  const visitorSalt = () => {
    salt ??= config.VISITOR_HASH_SALT
      ? Promise.resolve(config.VISITOR_HASH_SALT)
      : storedSecret(ctx.db, 'visitor_hash_salt');
    salt.catch(() => (salt = undefined));
    return salt;
  };

  /** Count this request against a per-IP limit; refuse with 429 past it. */
  async function limitPerIp(request: FastifyRequest, bucket: string, limit: number, windowSeconds: number) {
    const result = await ctx.kv.hit(`site:${bucket}:ip:${clientIpOf(request)}`, limit, windowSeconds, 'fixed');
    if (!result.allowed) throw tooManyRequests(MESSAGES.server.rateLimited, result.retryAfterSeconds);
  }

  app.post(functionPath('contractor-waitlist-signup'), async (request) => {
    await limitPerIp(request, 'waitlist', config.SITE_FORM_RATE_LIMIT, config.SITE_FORM_RATE_WINDOW_SECONDS);
    const accepted = {
      redirect_url: WAITLIST_CONFIRMED_PATH,
      message: SITE_TEXTS.waitlistJoined,
      already_registered: false,
    };
    if (isBot(request.body)) return accepted;
    const input = WaitlistSignupRequestSchema.parse(request.body);
    const stored = await insertWaitlistEntry(ctx.db, {
      email_key: emailKey(input.email),
      first_name: input.first_name,
      last_name: input.last_name,
      company: input.company,
      email: input.email,
      phone: input.phone,
      trade: input.trade,
    });
    return stored ? accepted : { ...accepted, message: SITE_TEXTS.waitlistAlready, already_registered: true };
  });

  app.post(functionPath('contact'), async (request) => {
    await limitPerIp(request, 'contact', config.SITE_FORM_RATE_LIMIT, config.SITE_FORM_RATE_WINDOW_SECONDS);
    const answer = { success: true as const, message: MESSAGES.contact.success };
    if (isBot(request.body)) return answer;
    const input = ContactRequestSchema.parse(request.body);
    const message = {
      id: randomUUID(),
      name: input.name,
      email: input.email,
      subject: contactSubject(input.subject, input.name),
      message: input.message,
      created_at: new Date(),
    };
    await recordContactMessage(ctx, message);
    return answer;
  });

  app.post(functionPath('track-page-view'), async (request) => {
    await limitPerIp(request, 'page-view', config.SITE_PAGE_VIEW_RATE_LIMIT, 60);
    const input = TrackPageViewRequestSchema.parse(request.body);
    const day = utcDay(new Date());
    const key = visitorKey(await visitorSalt(), day, clientIpOf(request), String(request.headers['user-agent'] ?? ''));
    await insertPageView(ctx.db, { page_path: input.page_path, view_day: day, visitor_key: key });
    return { success: true as const };
  });

  app.get(INTERNAL_CALLS.siteMessages.path, async (request): Promise<InternalResponse<'siteMessages'>> => {
    const query = INTERNAL_CALLS.siteMessages.query.parse(request.query);
    const { items, total } = await listSiteMessages(ctx.db, query.kind, query.page, query.limit);
    return { kind: query.kind, items, total, page: query.page, limit: query.limit };
  });

  app.get('/internal/page-views', { schema: { response: { 200: PageViewCountsResponseSchema } } }, async (request) => {
    const query = PageViewCountsQuerySchema.parse(request.query);
    const since = utcDay(new Date(Date.now() - (query.days - 1) * 86_400_000));
    return { page_path: query.page_path, days: await pageViewCounts(ctx.db, query.page_path, since) };
  });
}
