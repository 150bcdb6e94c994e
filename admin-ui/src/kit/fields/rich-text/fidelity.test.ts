// @vitest-environment jsdom
import { Editor } from '@tiptap/react'
import { describe, expect, it } from 'vitest'
import { cleanHtml } from '../../../../../plugins/records/src/server/html-content.js'
import { allowedHref, linkAddress, richTextExtensions } from './extensions.js'
import { editorKeeps } from './fidelity.js'

/** What the editor writes for `html`, as it would send it after an edit. */
function throughEditor(html: string): string {
  const editor = new Editor({ extensions: richTextExtensions(), content: html })
  try {
    return editor.getHTML()
  } finally {
    editor.destroy()
  }
}

/** HTML as the browser writes it back, so two spellings of one document compare equal. */
function serialised(html: string): string {
  const template = document.createElement('template')
  template.innerHTML = html
  return template.innerHTML
}

/** Everything the toolbar makes, and the images and code a stored text may hold. */
const EVERYTHING =
  '<h2>Title</h2><h3>Part</h3>' +
  '<p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <code>c</code><br>' +
  '<a href="/about">local</a> <a target="_blank" rel="noopener noreferrer" href="https://example.com">out</a> ' +
  '<a href="mailto:shop@example.com">mail</a> <img src="/files/a.png" alt="A"></p>' +
  '<ul><li><p>one</p></li></ul><ol><li><p>three</p></li></ol>' +
  '<blockquote><p>quoted</p></blockquote><pre><code>let x = 1</code></pre><hr>'

describe('the rich-text editor and the server', () => {
  it('writes only what the server keeps: its cleaning changes nothing', async () => {
    const written = throughEditor(EVERYTHING)
    expect(written).toBe(EVERYTHING)
    // The same HTML, spelled as the server spells it (`<br />`).
    expect(serialised(await cleanHtml(written))).toBe(serialised(written))
    expect(editorKeeps(written)).toBe(true)
  })

  it('keeps the sample pages as they are', () => {
    const about =
      '<p><strong>Shopwright Test Company</strong> is a made-up company.</p><h2>What we offer</h2>' +
      '<ul><li>A catalogue.</li></ul><p>See the <a href="/contact">contact page</a>.</p>'
    expect(editorKeeps(about)).toBe(true)
    // A list item's text gets its paragraph; nothing is lost.
    expect(throughEditor(about)).toBe(
      about.replace('<li>A catalogue.</li>', '<li><p>A catalogue.</p></li>'),
    )
  })

  it('tells HTML it would lose parts of', () => {
    for (const html of [
      '<table><caption>Prices</caption><tbody><tr><td>1</td></tr></tbody></table>',
      '<table><thead><tr><th>Size</th></tr></thead></table>',
      '<div>block</div>',
      '<p class="lead">text</p>',
      '<h1>Title</h1>',
      '<h4>Minor</h4>',
      '<p><span lang="fr">bonjour</span></p>',
      '<p><img src="/a.png" loading="lazy"></p>',
      '<p><a name="top">anchor</a></p>',
    ])
      expect(editorKeeps(html), html).toBe(false)
    for (const html of [
      '',
      'plain text',
      '<p>A &amp; B</p>',
      '<p><b>b</b> <i>i</i></p>',
      // A table as the editor writes it, once the server dropped its widths.
      '<table><tbody><tr><th colspan="1" rowspan="1"><p>Size</p></th></tr><tr><td><p>S</p></td></tr></tbody></table>',
      '<p><img src="/a.png" alt="A mug"></p>',
    ])
      expect(editorKeeps(html), html).toBe(true)
  })

  it('allows the links the server keeps', () => {
    for (const href of ['/about', '#top', 'https://example.com', 'mailto:a@example.com', 'tel:+1'])
      expect(allowedHref(href), href).toBe(true)
    for (const href of [
      'javascript:alert(1)',
      'data:text/html,x',
      '//evil.example',
      ' ',
      'ftp://x',
    ])
      expect(allowedHref(href), href).toBe(false)
  })

  it('reads a typed host name as a web address', () => {
    expect(linkAddress(' shop.example.com/sale ')).toBe('https://shop.example.com/sale')
    expect(linkAddress('/about')).toBe('/about')
    expect(linkAddress('https://example.com')).toBe('https://example.com')
    expect(linkAddress('mailto:a@example.com')).toBe('mailto:a@example.com')
    expect(linkAddress('a@example.com')).toBe('a@example.com')
  })
})
