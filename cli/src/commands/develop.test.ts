import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { isSourceChange } from './develop.js'

describe('what shopwright develop rebuilds for', () => {
  it('follows sources and the configuration, never the builds it writes itself', () => {
    const changes = (names: string[]) =>
      names.map((name) => isSourceChange(name.split('/').join(path.sep)))
    expect(
      changes([
        'plugins/hello/src/index.ts',
        'themes/shop/src/styles.css',
        'shopwright.config.ts',
        'package.json',
        '.env',
      ]),
    ).toEqual([true, true, true, true, true])
    expect(
      changes([
        'plugins/hello/dist/index.js',
        'themes/shop/dist/client/x.js',
        '.shopwright/admin/index.html',
        'plugins/hello/node_modules/x/index.js',
        'plugins/hello',
        'README.md',
        'data/shopwright.sqlite',
      ]),
    ).toEqual([false, false, false, false, false, false, false])
  })
})
