import { describe, expect, it } from 'vitest'
import { UsageError } from '../usage-error.js'
import { checkPartName, projectPackageName, titleOf } from './names.js'
import { fillTokens } from './templates.js'

describe('scaffold names', () => {
  it('takes plugin and theme names every use of them accepts, and refuses the rest', () => {
    expect(checkPartName('plugin', 'reviews2')).toBe('reviews2')
    for (const bad of [
      'a',
      'Reviews',
      '2go',
      'my-plugin',
      'x_y',
      '../up',
      '__proto__',
      'a'.repeat(41),
    ])
      expect(() => checkPartName('plugin', bad)).toThrow(UsageError)
  })

  it('makes an npm name of a folder name', () => {
    expect(projectPackageName('/tmp/Acme Shop')).toBe('acme-shop')
    expect(projectPackageName('shop.example')).toBe('shop-example')
    expect(() => projectPackageName('/tmp/---')).toThrow(UsageError)
  })

  it('titles a name and fills only known tokens', () => {
    expect(titleOf('acme-shop')).toBe('Acme Shop')
    expect(
      fillTokens('__NAME___likes __TITLE__Row __THEME_PACKAGE__ __OTHER__', {
        NAME: 'hello',
        TITLE: 'Hello',
        THEME_PACKAGE: '@a/theme-b',
      }),
    ).toBe('hello_likes HelloRow @a/theme-b __OTHER__')
  })
})
