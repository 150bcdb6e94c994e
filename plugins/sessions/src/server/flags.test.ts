import { describe, expect, it } from 'vitest'
import { isReferrerSpam, payloadSpamReasons, virusReasons } from './flags.js'

describe('virusReasons', () => {
  it.each([
    ['/wp-admin/install.php', ['wordpress-probe', 'script-extension']],
    ['/xmlrpc.php', ['wordpress-probe', 'script-extension']],
    ['/.env', ['hidden-file', 'backup-or-config-file']],
    ['/.git/config', ['hidden-file']],
    ['/%2e%2e/%2e%2e/etc/passwd', ['hidden-file', 'path-traversal']],
    ['/phpmyadmin/', ['admin-tool-probe']],
    ['/backup.sql', ['backup-or-config-file']],
    ['/search?q=%22%20union%20select%201', ['injection']],
    ['/index.php?id=1', ['script-extension']],
  ])('%s is a probe', (address, reasons) => {
    expect(virusReasons(address)).toEqual(reasons)
  })

  it.each([
    '/',
    '/about',
    '/shop/red-shoes?size=42',
    '/.well-known/security.txt',
    '/blog/php-tips',
  ])('%s is not', (address) => {
    expect(virusReasons(address)).toEqual([])
  })
})

describe('isReferrerSpam', () => {
  it('knows spam domains and names, not ordinary sites', () => {
    expect(isReferrerSpam('http://semalt.com/')).toBe(true)
    expect(isReferrerSpam('https://www.best-seo-offer.com/x')).toBe(true)
    expect(isReferrerSpam('https://cheap-seo.example/')).toBe(true)
    expect(isReferrerSpam('https://www.google.com/')).toBe(false)
    expect(isReferrerSpam('https://seoul-food.example/')).toBe(false)
    expect(isReferrerSpam('')).toBe(false)
  })
})

describe('payloadSpamReasons', () => {
  const page = (href: string, start: number, end: number) => ({ href, start, end })
  it('passes what the tracker sends', () => {
    expect(
      payloadSpamReasons([page('/', 0, 5_000), page('/a', 5_000, 9_000)], 'shop.example'),
    ).toEqual([])
    expect(payloadSpamReasons([page('http://shop.example/a', 0, 1)], 'shop.example')).toEqual([])
  })
  it('names foreign pages, overlapping pages and impossible speed', () => {
    expect(payloadSpamReasons([page('https://other.example/', 0, 1)], 'shop.example')).toEqual([
      'foreign-page',
    ])
    expect(
      payloadSpamReasons([page('/', 0, 9_000), page('/a', 2_000, 3_000)], 'shop.example'),
    ).toEqual(['overlapping-pages'])
    const burst = Array.from({ length: 20 }, (_, index) =>
      page(`/p${index}`, index * 10, index * 10 + 10),
    )
    expect(payloadSpamReasons(burst, 'shop.example')).toEqual(['too-fast'])
  })
})
