import { describe, expect, it } from 'vitest'
import { bootWith } from '@shopwright/core/testing'
import records from '@shopwright/plugin-records'
import billing from '../src/index.js'

/** Boots records and billing with the given environment and config-file settings. */
const boot = (env: NodeJS.ProcessEnv, settings: Record<string, unknown> = {}) =>
  bootWith([records, billing], env, settings)

describe('the billing plugin at boot', () => {
  it('refuses a bad price, naming the variable, before it connects to anything', async () => {
    for (const value of ['-1', 'cheap', '1000001', 'Infinity'])
      await expect(boot({ BILLING_PRICE_REQUESTS: value })).rejects.toMatchObject({
        code: 'SW_CONFIG_INVALID',
        setting: 'BILLING_PRICE_REQUESTS',
        message: expect.stringContaining('must be a price in GBP'),
      })
    await expect(boot({ BILLING_SAMPLE_SECONDS: '0' })).rejects.toMatchObject({
      setting: 'BILLING_SAMPLE_SECONDS',
    })
  })

  it('takes prices from the environment and the config file, which wins', async () => {
    const kernel = await boot({ BILLING_PRICE_EMAILS: '2.5' }, { billingPriceRequests: 1 })
    try {
      const prices = new Map(kernel.services.billing.prices.map((line) => [line.meter, line.price]))
      expect(prices.get('emails')).toBe(2.5)
      expect(prices.get('requests')).toBe(1)
      expect(prices.get('bytes')).toBe(0.08)
    } finally {
      await kernel.close()
    }
  })
})
