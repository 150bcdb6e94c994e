import { escapeHtml as html } from '@shopwright/core'
import type { MailMessage } from './mailer.js'

/**
 * The links of a reset e-mail: reset the password, or block the device that asked (with the block
 * code, its single-use proof). `origin` is the configured public address (SITE_URL), never the
 * request's Host, which the caller writes (docs/security.md, "Reset links").
 */
export function resetLinks(
  origin: string,
  account: { type: string; id: string },
  codes: { code: string; blockCode: string },
  device: string,
): { reset: string; block: string } {
  const key = `${encodeURIComponent(account.type)}/${encodeURIComponent(account.id)}`
  return {
    reset: `${origin}/reset/${key}/${encodeURIComponent(codes.code)}`,
    block: `${origin}/block/${key}/${encodeURIComponent(device)}?code=${encodeURIComponent(codes.blockCode)}`,
  }
}

/** The reset e-mail, in plain text and simple HTML. */
export function resetMail(
  to: string,
  name: string,
  links: { reset: string; block: string },
): MailMessage {
  const greeting = name ? `Hello ${name},` : 'Hello,'
  const text = [
    greeting,
    '',
    'Someone asked to reset the password of your account. To choose a new password, open:',
    links.reset,
    '',
    'The link works once, for one hour. If you did not ask for this, ignore this e-mail, or block',
    'the device that asked from signing in to your account:',
    links.block,
    '',
  ].join('\n')
  const body = [
    `<p>${html(greeting)}</p>`,
    '<p>Someone asked to reset the password of your account.</p>',
    `<p><a href="${html(links.reset)}">Choose a new password</a></p>`,
    '<p>The link works once, for one hour. If you did not ask for this, ignore this e-mail, or',
    `<a href="${html(links.block)}">block the device that asked</a> from signing in to your account.</p>`,
  ].join('\n')
  return {
    to,
    subject: 'Reset your password',
    text,
    html: `<!doctype html>\n<html><body>\n${body}\n</body></html>\n`,
  }
}
