import type { Context, Middleware } from 'koa'

/**
 * The HTML pages' Content-Security-Policy. No page may be framed, but one the site's own pages
 * show in a frame (a draft's preview beside its editor) asks for `'self'`.
 */
export function contentSecurityPolicy(frameAncestors: "'none'" | "'self'" = "'none'"): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ')
}

const HEADERS: Record<string, string> = {
  'Content-Security-Policy': contentSecurityPolicy(),
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
}

/**
 * Browser protections on every HTML response; a theme that needs a wider policy sets its own
 * Content-Security-Policy and it is kept. HSTS only when the request arrived over HTTPS.
 */
export function securityHeaders(): Middleware {
  return async (ctx, next) => {
    await next()
    if (mayBeHtml(ctx) && ctx.response.is('html')) applySecurityHeaders(ctx)
  }
}

const HTML = /html/i

/**
 * False when the answer's Content-Type cannot be text/html (none, or one without "html" in it), so
 * a JSON answer skips parsing its type on every request; the others are asked `is('html')`.
 */
function mayBeHtml(ctx: Context): boolean {
  const type = ctx.res.getHeader('Content-Type')
  if (type === undefined) return false
  return typeof type !== 'string' || HTML.test(type)
}

/** Sets the HTML protections a response does not set itself (also used for HTML error pages). */
export function applySecurityHeaders(ctx: Context): void {
  for (const [name, value] of Object.entries(HEADERS)) {
    if (!ctx.response.get(name)) ctx.set(name, value)
  }
  if (ctx.secure) ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
}
