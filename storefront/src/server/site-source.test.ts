import { describe, expect, it } from 'vitest'
import { siteImages, sitePagination } from './site-source.js'

describe('siteImages', () => {
  it('reads the images configuration, each field its default when missing or out of range', () => {
    expect(
      siteImages({
        type: 'configuration',
        id: 'images',
        lazyloadbuffer: 200,
        itemimageratio: 1.33,
        itemimagelazyload: false,
        accountimagelazyload: true,
      }),
    ).toEqual({
      lazyloadbuffer: 200,
      itemimageratio: 1.33,
      itemimagelazyload: false,
      accountimagelazyload: true,
    })
    expect(siteImages(null)).toEqual({
      lazyloadbuffer: 100,
      itemimageratio: 1,
      itemimagelazyload: true,
      accountimagelazyload: true,
    })
    expect(
      siteImages({
        type: 'configuration',
        id: 'images',
        lazyloadbuffer: -5,
        itemimageratio: 0,
        itemimagelazyload: 'yes',
      }),
    ).toMatchObject({ lazyloadbuffer: 100, itemimageratio: 1, itemimagelazyload: true })
  })
})

describe('sitePagination', () => {
  it('reads the page sizes, each its default when missing or not a whole number from 1 to 1000', () => {
    expect(
      sitePagination({
        type: 'configuration',
        id: 'pagination',
        webgrid: 12,
        weblist: 0,
        admingrid: 2.5,
        adminlist: '100',
      }),
    ).toEqual({
      webgrid: 12,
      weblist: 50,
      admingrid: 24,
      adminlist: 100,
      adminsublist: 10,
      folder: 100,
    })
    expect(sitePagination(null)).toMatchObject({ webgrid: 24, weblist: 50 })
  })
})
