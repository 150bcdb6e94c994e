import { describe, expect, it } from 'vitest'
import { mediumOf } from './medium.js'

describe('mediumOf', () => {
  it.each([
    ['/?gclid=abc', 'https://www.google.com/', 'paid'],
    ['/?utm_medium=cpc&utm_source=bing', '', 'paid'],
    ['/?utm_medium=email', '', 'email'],
    ['/', 'https://mail.google.com/mail/u/0/', 'email'],
    ['/', '', 'direct'],
    ['/', 'android-app://com.slack/', 'direct'],
    ['/about', 'https://shop.example/cart', 'internal'],
    ['/', 'https://www.google.co.uk/', 'search'],
    ['/', 'https://duckduckgo.com/', 'search'],
    ['/', 'https://t.co/xyz', 'social'],
    ['/', 'https://l.facebook.com/l.php', 'social'],
    ['/', 'https://blog.example.org/post', 'referral'],
    ['/', 'not a url', 'direct'],
  ] as const)('%s from %s is %s', (landing, referer, medium) => {
    expect(mediumOf(landing, referer, 'shop.example')).toBe(medium)
  })
})
