import { describe, expect, it } from 'vitest'
import { isProtected } from './refusals.js'

describe('protected folders', () => {
  it('are the top-level folders and each personal root, nothing below them', () => {
    for (const path of ['private', 'public', 'personal', 'personal/user~1'])
      expect(isProtected(path), path).toBe(true)
    for (const path of ['public/a', 'private/a/b', 'personal/user~1/notes', 'public/personal'])
      expect(isProtected(path), path).toBe(false)
  })
})
