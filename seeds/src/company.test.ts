import { describe, expect, it } from 'vitest'
import { sampleCompany } from './company.js'

const records = sampleCompany()
const find = (type: string, id: string) =>
  records.find((record) => record.type === type && record.id === id)
const ref = (type: string, id: string) => ({ reference: true, type, id })

describe('the sample company', () => {
  it('configures the web site', () => {
    expect(find('configuration', 'web')).toMatchObject({
      configurationtype: ref('configurationtype', 'web'),
      name: 'Shopwright Test Company',
      titlesuffix: ' | Shopwright',
      currencies: [ref('currency', 'usd'), ref('currency', 'eur')],
      languages: ['en-us', 'fr'],
      locations: [ref('location', 'worldwide')],
      translationsets: ['account', 'admin', 'general', 'server', 'store'],
      compilemodes: ['debug'],
    })
  })

  it('uses the images and pagination defaults', () => {
    expect(find('configuration', 'images')).toMatchObject({
      configurationtype: ref('configurationtype', 'images'),
      lazyloadbuffer: 100,
      itemimageratio: 1.33,
      itemimagelazyload: true,
      accountimagelazyload: true,
    })
    expect(find('configuration', 'pagination')).toMatchObject({
      configurationtype: ref('configurationtype', 'pagination'),
      adminlist: 100,
      adminsublist: 10,
      admingrid: 24,
      weblist: 50,
      webgrid: 24,
      folder: 100,
    })
  })

  it('has the worldwide location, paying in usd', () => {
    expect(find('location', 'worldwide')).toMatchObject({
      name: 'Worldwide',
      language: 'en-us',
      organization: 'Shopwright Test Company',
      email: 'hello@example.com',
      currency: ref('currency', 'usd'),
      address: { country: ref('country', 'us') },
    })
  })

  it('formats usd as $#,##0.00 and eur as €#.##0,00', () => {
    expect(find('currency', 'usd')).toMatchObject({
      format: '$#,##0.00',
      symbol: '$',
      decimalseparator: '.',
      thousandseparator: ',',
      decimalplaces: 2,
      symbolafter: false,
    })
    expect(find('currency', 'eur')).toMatchObject({
      format: '€#.##0,00',
      symbol: '€',
      decimalseparator: ',',
      thousandseparator: '.',
      decimalplaces: 2,
      symbolafter: false,
    })
  })

  it('hands out a fresh copy on every call', () => {
    const first = sampleCompany()
    first[0]!.name = 'changed'
    expect(sampleCompany()[0]?.name).not.toBe('changed')
  })
})
