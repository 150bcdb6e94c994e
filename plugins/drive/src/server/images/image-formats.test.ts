import { describe, expect, it } from 'vitest'
import { isResizableType, sniffRaster } from './image-formats.js'
import { testImage } from './testing.js'

describe('sniffRaster', () => {
  it.each(['jpeg', 'png', 'webp', 'avif', 'gif'] as const)(
    'knows %s by its signature',
    async (format) => {
      expect(sniffRaster(await testImage(8, 8, format))).toBe(format)
    },
  )

  it('knows an AVIF whose major brand is mif1 by its compatible brands', () => {
    const ftyp = Buffer.concat([
      Buffer.from([0, 0, 0, 0x1c]),
      Buffer.from('ftypmif1', 'latin1'),
      Buffer.alloc(4),
      Buffer.from('mif1miafavif', 'latin1'),
    ])
    expect(sniffRaster(ftyp)).toBe('avif')
    // HEIC is HEIF too, and not resized.
    expect(sniffRaster(Buffer.from('\0\0\0\x18ftypheic\0\0\0\0mif1heic', 'latin1'))).toBeNull()
  })

  it('answers null for anything else, however it is named', () => {
    expect(sniffRaster(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull()
    expect(sniffRaster(Buffer.from('%PDF-1.7'))).toBeNull()
    expect(sniffRaster(Buffer.from('II*\0'))).toBeNull() // TIFF
    expect(sniffRaster(Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toBeNull() // a PNG cut short
    expect(sniffRaster(Buffer.alloc(0))).toBeNull()
    expect(sniffRaster(Buffer.from('RIFF\0\0\0\0WAVE'))).toBeNull()
  })
})

describe('isResizableType', () => {
  it('is true for the five raster types only', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'])
      expect(isResizableType(type), type).toBe(true)
    for (const type of ['image/svg+xml', 'image/tiff', 'image/bmp', 'text/plain; charset=utf-8'])
      expect(isResizableType(type), type).toBe(false)
    expect(isResizableType(null)).toBe(false)
  })
})
