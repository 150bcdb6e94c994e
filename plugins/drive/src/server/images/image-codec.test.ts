import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { ImageDecodeError, MAX_INPUT_PIXELS, sharpCodec } from './image-codec.js'
import { imageFacts, pngBomb, sidewaysJpeg, testImage } from './testing.js'

describe('the sharp codec', () => {
  it.each(['jpeg', 'png', 'webp', 'avif', 'gif'] as const)(
    'reads the format and size of a %s from its header',
    async (format) => {
      expect(await sharpCodec.inspect(await testImage(120, 80, format))).toEqual({
        format,
        width: 120,
        height: 80,
      })
    },
  )

  it('gives the upright size of a photo stored sideways', async () => {
    expect(await sharpCodec.inspect(await sidewaysJpeg(300, 200))).toMatchObject({
      width: 200,
      height: 300,
    })
  })

  it('answers null for what is not one of the five rasters, without decoding it', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')
    expect(await sharpCodec.inspect(svg)).toBeNull()
    const tiff = await sharp(await testImage(10, 10, 'png'))
      .tiff()
      .toBuffer()
    expect(await sharpCodec.inspect(tiff)).toBeNull()
    expect(await sharpCodec.inspect(Buffer.from('just text'))).toBeNull()
  })

  it('throws ImageDecodeError for bytes that start like an image and are not one', async () => {
    const png = await testImage(10, 10, 'png')
    await expect(sharpCodec.inspect(png.subarray(0, 12))).rejects.toBeInstanceOf(ImageDecodeError)
    const cut = (await testImage(200, 200, 'jpeg')).subarray(0, 400)
    await expect(
      sharpCodec.resize(cut, { width: 64, height: 64, format: 'jpeg' }),
    ).rejects.toBeInstanceOf(ImageDecodeError)
  })

  it('reads a bomb’s claimed size from its header, and refuses to decode it', async () => {
    const bomb = pngBomb()
    expect(bomb.length).toBeLessThan(16 * 1024)
    expect(await sharpCodec.inspect(bomb)).toEqual({ format: 'png', width: 30_000, height: 30_000 })
    expect(30_000 * 30_000).toBeGreaterThan(MAX_INPUT_PIXELS)
    // The pixel limit holds in the decoder too, should a caller skip the check on the facts.
    await expect(sharpCodec.resize(bomb, { width: 64, height: 64, format: 'png' })).rejects.toThrow(
      /pixel limit/,
    )
  })

  it('resizes to the exact size and format, upright, without the EXIF data', async () => {
    const out = await sharpCodec.resize(await sidewaysJpeg(300, 200), {
      width: 100,
      height: 150,
      format: 'jpeg',
    })
    expect(await imageFacts(out)).toEqual({ width: 100, height: 150, format: 'jpeg' })
    const metadata = await sharp(out).metadata()
    expect(metadata.exif).toBeUndefined()
    expect(metadata.orientation).toBeUndefined()
    const webp = await sharpCodec.resize(await testImage(300, 200, 'avif'), {
      width: 96,
      height: 64,
      format: 'webp',
    })
    expect(await imageFacts(webp)).toEqual({ width: 96, height: 64, format: 'webp' })
  })
})
