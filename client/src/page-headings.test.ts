import { describe, expect, it } from 'vitest'
import { CDN_NOTE, decodeEntities, describeNonJsonAnswer, pageHeadings } from './page-headings.js'

describe('headings of a non-JSON answer', () => {
  it('reads h1 and h2 in order, strips tags and decodes entities', () => {
    const html = `<!doctype html><html><head><title>Ignored</title></head><body>
      <h1 class="big">502 <b>Bad</b>&nbsp;Gateway</h1><p>text</p>
      <H2>Fish &amp; Chips &lt;closed&gt; &#8212; &#x41;&quot;&apos;</H2><h3>not this</h3>
      <h2>
        Try   again<br>later
      </h2></body></html>`
    expect(pageHeadings(html)).toEqual([
      '502 Bad Gateway',
      'Fish & Chips <closed> \u2014 A"\'',
      'Try again later',
    ])
    expect(describeNonJsonAnswer(html)).toBe(
      '502 Bad Gateway - Fish & Chips <closed> \u2014 A"\' - Try again later',
    )
  })

  it('falls back to the title, and to nothing', () => {
    expect(describeNonJsonAnswer('<title>Service &amp; co</title><p>x</p>')).toBe('Service & co')
    expect(describeNonJsonAnswer('plain text')).toBeUndefined()
    expect(describeNonJsonAnswer('')).toBeUndefined()
  })

  it('puts the CDN note first when the page mentions a CDN', () => {
    const cloudflare =
      '<h1>Error 522</h1><h2>Connection timed out</h2><a href="/cdn-cgi/l">Cloudflare</a>'
    expect(describeNonJsonAnswer(cloudflare)).toBe(`${CDN_NOTE} Error 522 - Connection timed out`)
    expect(describeNonJsonAnswer('Served by our CDN.')).toBe(CDN_NOTE)
    expect(describeNonJsonAnswer('<h1>cdnless abcdn</h1>')).toBe('cdnless abcdn')
  })

  it('keeps unknown and out-of-range entities as written', () => {
    expect(decodeEntities('&copy; &#0; &#x110000; &amp;amp;')).toBe('&copy; &#0; &#x110000; &amp;')
  })

  it('bounds the detail', () => {
    const detail = describeNonJsonAnswer(`<h1>${'x'.repeat(1000)}</h1>`)
    expect(detail).toHaveLength(300)
    expect(detail?.endsWith('...')).toBe(true)
  })
})
