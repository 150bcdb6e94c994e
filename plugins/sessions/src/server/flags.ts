/**
 * The virus and spam rules (README, "Flags"). Each rule has a name, stored with the session as the
 * reason its flag is set, so the detail screen can say why.
 */

/** A rule on a requested address: its name and its test. */
interface PathRule {
  name: string
  test: RegExp
}

/**
 * Probes for software this site does not run, or for files no site serves: a visitor asking for
 * them is a scanner looking for a way in. Tested on the path and query, lower-cased and with
 * `%2e`/`%2f` decoded.
 */
export const VIRUS_RULES: readonly PathRule[] = [
  {
    name: 'wordpress-probe',
    test: /\/(wp-admin|wp-login|wp-content|wp-includes|wp-json|xmlrpc\.php)/,
  },
  {
    name: 'script-extension',
    test: /\.(php\d?|phtml|asp|aspx|ashx|jsp|jspa|cgi|pl|exe|dll|sh)(\/|\?|$)/,
  },
  {
    name: 'hidden-file',
    // A dot-segment (`/.env`, `/.git/config`, `/.aws/credentials`), except the /.well-known/ folder.
    test: /\/\.(?!well-known(\/|$))[^/?]+/,
  },
  {
    name: 'admin-tool-probe',
    test: /\/(phpmyadmin|pma|myadmin|adminer|cgi-bin|boaform|hnap1|actuator|vendor\/phpunit|solr\/admin|manager\/html|telescope|_profiler|server-status|owa\/auth)(\/|\?|$)/,
  },
  {
    name: 'backup-or-config-file',
    test: /\.(sql|bak|old|swp|ini|env|config|yml|yaml|log|tar|tgz|gz|zip|rar|7z)(\?|$)/,
  },
  { name: 'path-traversal', test: /(\.\.\/|\.\.\\|\/etc\/passwd|\/proc\/self|win\.ini)/ },
  {
    name: 'injection',
    test: /(<script|union(\s|\+|%20)+select|\$\{jndi:|\$\{\$\{|sleep\(\d|\bor\s+1=1)/,
  },
]

/** Path rules the address breaks, by name. */
export function virusReasons(address: string): string[] {
  let text = address.toLowerCase()
  // Scanners hide dots and slashes in escapes; decode those few only (a whole decode may throw).
  text = text.replace(/%2e/g, '.').replace(/%2f/g, '/').replace(/%5c/g, '\\').replace(/%20/g, ' ')
  return VIRUS_RULES.filter((rule) => rule.test.test(text)).map((rule) => rule.name)
}

/**
 * Referrer spam: sites that send fake referers so their address shows in analytics. Known
 * domains, and words such sites use in their names.
 */
const SPAM_DOMAINS = [
  'semalt.com',
  'buttons-for-website.com',
  'buttons-for-your-website.com',
  'darodar.com',
  'ilovevitaly.com',
  'priceg.com',
  'hulfingtonpost.com',
  'best-seo-offer.com',
  'best-seo-solution.com',
  'blackhatworth.com',
  'free-share-buttons.com',
  'get-free-traffic-now.com',
  'traffic2money.com',
  'social-buttons.com',
  'simple-share-buttons.com',
  'floating-share-buttons.com',
  'trafficmonetize.org',
  'webmonetizer.net',
  'event-tracking.com',
  'o-o-6-o-o.com',
  'kambasoft.com',
  'savetubevideo.com',
  'cenoval.ru',
  'makemoneyonline.com',
]
const SPAM_WORDS =
  /(^|[.-])(seo|traffic|buttons|backlinks?|free-share|monetiz\w*|cheap-\w+|casino|porn|viagra)([.-]|$)/

/** True when the referer's host is a known referrer-spam site or named like one. */
export function isReferrerSpam(referer: string): boolean {
  // Most visits send no referer: answered without building (and throwing) a URL on every page.
  if (!referer) return false
  let host: string
  try {
    host = new URL(referer).hostname.toLowerCase()
  } catch {
    return false
  }
  if (SPAM_DOMAINS.some((domain) => host === domain || host.endsWith(`.${domain}`))) return true
  return SPAM_WORDS.test(host)
}

/** One tracked page as the spam rules see it (times in the server's clock). */
export interface TimedPage {
  href: string
  start: number
  end: number
}

/**
 * Payloads a browser running the storefront's tracker cannot send (README, "Flags"):
 * `foreign-page` a page of another site, `overlapping-pages` two pages shown at once in one
 * post (the tracker sends them in order, each ending where the next starts),
 * `too-fast` more than 10 pages a second.
 */
export function payloadSpamReasons(pages: readonly TimedPage[], siteHost: string): string[] {
  const reasons: string[] = []
  const host = siteHost.toLowerCase()
  if (
    pages.some((page) => {
      if (page.href.startsWith('/') && !page.href.startsWith('//')) return false
      try {
        return new URL(page.href).host.toLowerCase() !== host
      } catch {
        return true
      }
    })
  )
    reasons.push('foreign-page')
  if (pages.length < 2) return reasons
  const ordered = [...pages].sort((a, b) => a.start - b.start)
  for (let index = 1; index < ordered.length; index++) {
    // A second of slack: the tracker's clock reads are a few milliseconds apart.
    if (ordered[index]!.start < ordered[index - 1]!.end - 1_000) {
      reasons.push('overlapping-pages')
      break
    }
  }
  if (ordered.length > 10) {
    const span = ordered[ordered.length - 1]!.end - ordered[0]!.start
    if (span < (ordered.length / 10) * 1_000) reasons.push('too-fast')
  }
  return reasons
}
