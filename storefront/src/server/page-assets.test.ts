import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { documentHead } from './document.js'
import { INLINE_STYLE_LIMIT, pageAssets } from './page-assets.js'

let dir: string | undefined
afterEach(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true })
  dir = undefined
})

/** A theme build with an entry, one imported chunk and their CSS files of the given sizes. */
function build(entryCss: number, chunkCss: number): string {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sw-assets-'))
  fs.mkdirSync(path.join(dir, '.vite'))
  fs.mkdirSync(path.join(dir, 'assets'))
  const css = (bytes: number) => 'p{}'.padEnd(bytes, ' ')
  fs.writeFileSync(path.join(dir, 'assets', 'entry.css'), css(entryCss))
  fs.writeFileSync(path.join(dir, 'assets', 'site.css'), css(chunkCss))
  fs.writeFileSync(
    path.join(dir, '.vite', 'manifest.json'),
    JSON.stringify({
      'src/entry.tsx': {
        file: 'assets/entry.js',
        css: ['assets/entry.css'],
        imports: ['_site.js'],
      },
      '_site.js': { file: 'assets/site.js', css: ['assets/site.css'] },
    }),
  )
  return dir
}

const head = (clientDir: string) =>
  documentHead({
    lang: 'en',
    title: 'T',
    description: 'D',
    assets: pageAssets(clientDir, 'src/entry.tsx'),
  })

describe('pageAssets', () => {
  it('puts a small theme stylesheet into the page: no request before the first paint', () => {
    const assets = pageAssets(build(1000, 1000), 'src/entry.tsx')
    expect(assets.inlineStyle).toHaveLength(2001)
    expect(assets.stylesheets).toBeUndefined()
    expect(assets.preload).toEqual(['/theme/assets/site.js'])
    const html = head(dir!)
    expect(html).toContain('<style>p{}')
    expect(html).not.toContain('rel="stylesheet"')
  })

  it('links a larger one, which the browser then keeps, instead of sending it with every page', () => {
    const half = INLINE_STYLE_LIMIT / 2 + 1
    const assets = pageAssets(build(half, half), 'src/entry.tsx')
    expect(assets.inlineStyle).toBeUndefined()
    expect(assets.stylesheets).toEqual(['/theme/assets/entry.css', '/theme/assets/site.css'])
    const html = head(dir!)
    expect(html).not.toContain('<style>')
    expect(html).toContain(
      '<link rel="stylesheet" href="/theme/assets/entry.css"><link rel="stylesheet" href="/theme/assets/site.css">',
    )
    // Before the scripts, so the styles are asked for first.
    expect(html.indexOf('rel="stylesheet"')).toBeLessThan(html.indexOf('<script'))
  })
})
