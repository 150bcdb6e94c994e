import { describe, expect, it } from 'vitest'
import { drivePathOf, driveUrlOf } from '../../drive-address.js'
import { allowedImage } from './image-address.js'

describe('a picture’s address in rich text', () => {
  it('loads a drive path, each part encoded, and reads it back', () => {
    const address = driveUrlOf('public/catalogue/blue mug#1.webp')
    expect(address).toBe('/query/drive/load/public/catalogue/blue%20mug%231.webp')
    expect(drivePathOf(address)).toBe('public/catalogue/blue mug#1.webp')
    expect(drivePathOf(`${address}?width=400`)).toBe('public/catalogue/blue mug#1.webp')
  })

  it('reads no drive path from another address or a path trick', () => {
    for (const src of [
      '/about.png',
      'https://x.example/a.png',
      '/query/drive/load/public/../secret',
      '/query/drive/load/%E0%A4%A',
    ])
      expect(drivePathOf(src), src).toBeNull()
  })

  it('allows the addresses the server keeps', () => {
    for (const src of [
      '/query/drive/load/public/a.png',
      'https://example.com/a.png',
      'http://x.example/b',
    ])
      expect(allowedImage(src), src).toBe(true)
    for (const src of [
      '',
      ' ',
      'javascript:alert(1)',
      '//evil.example/a.png',
      'a.png',
      'ftp://x/a.png',
    ])
      expect(allowedImage(src), src).toBe(false)
  })
})
