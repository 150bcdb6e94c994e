import type { Medium } from '../shared/types.js'

/** Hosts (and their subdomains) of search engines. */
const SEARCH = [
  'google',
  'bing.com',
  'duckduckgo.com',
  'yahoo',
  'yandex',
  'baidu.com',
  'ecosia.org',
  'qwant.com',
  'search.brave.com',
  'startpage.com',
  'naver.com',
  'seznam.cz',
  'ask.com',
  'aol.com',
]
/** Hosts of social networks and their link shorteners. */
const SOCIAL = [
  'facebook.com',
  'fb.com',
  'fb.me',
  'instagram.com',
  'twitter.com',
  'x.com',
  't.co',
  'linkedin.com',
  'lnkd.in',
  'pinterest',
  'reddit.com',
  'youtube.com',
  'youtu.be',
  'tiktok.com',
  'snapchat.com',
  'whatsapp.com',
  'telegram.org',
  't.me',
  'threads.net',
  'bsky.app',
  'mastodon.social',
  'vk.com',
]
/** Hosts of web mail readers. */
const EMAIL = [
  'mail.google.com',
  'outlook.live.com',
  'outlook.office.com',
  'outlook.office365.com',
  'mail.yahoo.com',
  'mail.aol.com',
  'mail.proton.me',
  'webmail',
  'mail.yandex.ru',
  'mail.yandex.com',
  'icloud.com',
]
/** `utm_medium` values that mean a paid placement. */
const PAID_MEDIA = new Set([
  'cpc',
  'ppc',
  'paid',
  'paidsearch',
  'paid_search',
  'cpm',
  'display',
  'banner',
  'paid_social',
  'paidsocial',
])
/** Click ids advertising networks add to landing addresses. */
const PAID_CLICK_IDS = ['gclid', 'gbraid', 'wbraid', 'msclkid', 'dclid', 'gad_source']

/**
 * A test of a host against names: true when `host` is a name or one of its subdomains; a name without a dot (`google`) matches
 * that label followed by any suffix (`google.com`, `www.google.co.uk`).
 */
function matcher(names: readonly string[]): (host: string) => boolean {
  const tests = names.map((name) => {
    if (!name.includes('.')) {
      const pattern = new RegExp(`(^|\\.)${name}\\.[a-z.]+$`)
      return (host: string) => pattern.test(host)
    }
    return (host: string) => host === name || host.endsWith(`.${name}`)
  })
  return (host) => tests.some((test) => test(host))
}

const isSearch = matcher(SEARCH)
const isSocial = matcher(SOCIAL)
const isEmail = matcher(EMAIL)

function parse(address: string): URL | null {
  try {
    return address ? new URL(address) : null
  } catch {
    return null
  }
}

/**
 * Where a visit came from (README, "Medium rules"), from the address it arrived at and the page
 * that sent it, in this order: paid (an ad's click id or a paid `utm_medium` on the landing
 * address), email (`utm_medium=email` or a web mail referer), direct (no referer), internal (the
 * site's own host), search, social, and referral for any other site.
 */
export function mediumOf(landing: string, referer: string, siteHost: string): Medium {
  const landed = parse(landing.startsWith('/') ? `http://site${landing}` : landing)
  const utm = landed?.searchParams.get('utm_medium')?.toLowerCase() ?? ''
  if (PAID_MEDIA.has(utm) || PAID_CLICK_IDS.some((id) => landed?.searchParams.has(id)))
    return 'paid'
  const from = parse(referer)
  const host = from?.hostname.toLowerCase() ?? ''
  if (utm === 'email' || (host && isEmail(host))) return 'email'
  if (!host || !/^https?:$/.test(from?.protocol ?? '')) return 'direct'
  if (host === siteHost.toLowerCase()) return 'internal'
  if (isSearch(host)) return 'search'
  if (isSocial(host)) return 'social'
  if (utm === 'social') return 'social'
  return 'referral'
}
