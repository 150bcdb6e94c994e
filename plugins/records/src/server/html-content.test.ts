import { describe, expect, it } from 'vitest'
import { cleanHtml } from './html-content.js'

describe('cleanHtml', () => {
  it('keeps text structure, local and web links, and images', async () => {
    const html =
      '<h2>Title</h2><p>Some <strong>bold</strong> text and a <a href="/about">local</a> and ' +
      '<a href="https://example.com" target="_blank">web</a> link.</p><ul><li>one</li></ul>' +
      '<img src="/query/drive/x.png" alt="x">'
    expect(await cleanHtml(html)).toBe(
      '<h2>Title</h2><p>Some <strong>bold</strong> text and a <a href="/about">local</a> and ' +
        '<a href="https://example.com" target="_blank" rel="noopener noreferrer">web</a> link.</p><ul><li>one</li></ul>' +
        '<img src="/query/drive/x.png" alt="x" />',
    )
  })

  it('removes scripts, handlers, styles, frames, forms and script links', async () => {
    const html =
      '<p onclick="steal()">hi</p><script>alert(1)</script><style>body{}</style>' +
      '<iframe src="https://evil.example"></iframe><form action="/x"><input></form>' +
      '<a href="javascript:alert(2)">x</a><img src="x" onerror="alert(3)"><svg><script>1</script></svg>' +
      '<a href="//evil.example/">protocol-relative</a>'
    const clean = await cleanHtml(html)
    for (const bad of [
      'onclick',
      'script',
      'style',
      'iframe',
      'form',
      'input',
      'javascript:',
      'onerror',
      'svg',
      'evil.example',
    ])
      expect(clean, bad).not.toContain(bad)
    expect(clean).toContain('<p>hi</p>')
  })
})
