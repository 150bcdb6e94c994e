import { describe, expect, it } from 'vitest'
import { cleanHtml, hasImageWithoutAlt } from './html-content.js'

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

describe('rich text from the editor', () => {
  it('keeps a table as the editor writes it, without its widths', async () => {
    const html =
      '<table style="min-width: 75px"><colgroup><col style="min-width: 25px"><col style="min-width: 25px"></colgroup>' +
      '<tbody><tr><th colspan="1" rowspan="1"><p>Size</p></th><th colspan="1" rowspan="1"><p>Price</p></th></tr>' +
      '<tr><td colspan="1" rowspan="1"><p>Small</p></td><td colspan="1" rowspan="1"><p>$4</p></td></tr></tbody></table>'
    expect(await cleanHtml(html)).toBe(
      '<table><tbody><tr><th colspan="1" rowspan="1"><p>Size</p></th><th colspan="1" rowspan="1"><p>Price</p></th></tr>' +
        '<tr><td colspan="1" rowspan="1"><p>Small</p></td><td colspan="1" rowspan="1"><p>$4</p></td></tr></tbody></table>',
    )
  })

  it('finds a picture without alternative text, however it is written', async () => {
    const cases: Array<[string, boolean]> = [
      ['<p><img src="/a.png" alt="A mug"></p>', false],
      ['<p>No picture</p>', false],
      ['<p><img src="/a.png"></p>', true],
      ['<p><img src="/a.png" alt=""></p>', true],
      ['<p><img src="/a.png" alt="   "></p>', true],
      ['<p><img src="/a.png" title="alt=&quot;x&quot;"></p>', true],
      ['<p><img src="/a.png" alt="Mug"><img src="/b.png"></p>', true],
      ['<p><IMG SRC="/a.png" ALT="Mug"></p>', false],
    ]
    for (const [html, missing] of cases)
      expect(hasImageWithoutAlt(await cleanHtml(html)), html).toBe(missing)
  })
})
