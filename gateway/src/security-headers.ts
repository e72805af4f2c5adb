import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import helmet from 'helmet';
import type { ServiceApp } from '@leadmarket/platform';

export interface SecurityHeaderOptions {
  /** The built SPA: its index.html's inline script and style are allowed by hash, nothing else inline. */
  webRoot?: string;
  /** HSTS (and upgrade-insecure-requests) only where the site is served over HTTPS. */
  production: boolean;
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The CSP hashes of index.html's inline <script> and <style> elements (the build inlines a small
 * route-preload script and the entry CSS). Hashing the served file keeps the policy exact for
 * whatever build is deployed, with no 'unsafe-inline'.
 */
export function inlineHashes(html: string): { scripts: string[]; styles: string[] } {
  const collect = (tag: 'script' | 'style') =>
    [...html.matchAll(new RegExp(`<${tag}(\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, 'gi'))]
      .filter((m) => !/\ssrc\s*=/.test(m[1] ?? '') && m[2]!.length > 0)
      .map((m) => sha256(m[2]!));
  return { scripts: [...new Set(collect('script'))], styles: [...new Set(collect('style'))] };
}

/** Paths whose URL carries a bearer token (claim links): no referrer at all, even to our own origin. */
const TOKEN_PATHS = /^\/(claim|reset-password)(\/|$|\?)/;

/**
 * Security headers on every answer of the gateway (pages, assets, function answers) with
 * helmet: a CSP without inline script, no framing, nosniff, a referrer policy that never
 * sends a path or query (where claim tokens live) to another origin, and HSTS in production.
 */
export async function registerSecurityHeaders(app: ServiceApp, options: SecurityHeaderOptions): Promise<void> {
  const index = options.webRoot ? join(options.webRoot, 'index.html') : undefined;
  const hashes = index && existsSync(index) ? inlineHashes(readFileSync(index, 'utf8')) : { scripts: [], styles: [] };
  // Built once: @fastify/helmet called helmet(options) for every request, parsing the whole policy again.
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...hashes.scripts],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", ...hashes.styles],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(options.production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: options.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // The SPA loads only its own assets; a stricter embedder policy would buy nothing here.
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) =>
    setHeaders(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined)),
  );

  app.addHook('onSend', async (request, reply) => {
    const path = request.url;
    if (TOKEN_PATHS.test(path)) reply.header('referrer-policy', 'no-referrer');
    // The development pages (never forwarded in production) are plain server-rendered HTML with inline styles.
    if (!options.production && (path === '/dev' || path.startsWith('/dev/'))) {
      reply.header(
        'content-security-policy',
        "default-src 'self'; style-src 'self' 'unsafe-inline'; script-src 'none'; form-action 'self'; frame-ancestors 'none'; base-uri 'self'; object-src 'none'",
      );
    }
  });
}
