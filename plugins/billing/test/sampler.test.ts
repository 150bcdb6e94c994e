import { beforeAll, expect, it } from 'vitest'
import { databaseSize, dayOf, dialectOf, type Kernel } from '@shopwright/core'
import { describePlugin } from '@shopwright/core/testing'
import records from '@shopwright/plugin-records'
import billing from '../src/index.js'
import { BillingStore } from '../src/server/billing-store.js'
import { BillingSampler, GAP_PERIODS, STORAGE_METER } from '../src/server/sampler.js'

const PERIOD = 60_000

/** Today's stored count of the storage meter. */
async function storedToday(kernel: Kernel): Promise<number> {
  await kernel.services.meters.flush()
  const today = dayOf(Date.now())
  const readings = await kernel.services.meters.read(today, today, [STORAGE_METER])
  return readings.reduce((sum, reading) => sum + reading.value, 0)
}

describePlugin('the billing sampler', { plugins: [records, billing] }, (site) => {
  let store: BillingStore
  let clock: number
  let bytes: number
  const sampler = () => {
    const { db, meters } = site.kernel.services
    const drive = { storedBytes: () => Promise.resolve(bytes) }
    const logger = site.kernel.logger
    return new BillingSampler(store, db, meters, drive, PERIOD, logger, () => clock)
  }

  beforeAll(() => {
    store = new BillingStore(site.kernel.services.db, dialectOf(site.url))
    clock = Date.now() - 10 * PERIOD
  })

  it('integrates stored bytes into byte-seconds, the first sample counting nothing', async () => {
    const { kernel } = site
    bytes = 1_000
    await sampler().sample()
    expect(await storedToday(kernel)).toBe(0)
    expect(await store.lastSample('drive')).toEqual({ at: clock, bytes: 1_000 })
    clock += PERIOD
    bytes = 5_000
    await sampler().sample()
    // The bytes held at the previous sample, for the minute since it.
    expect(await storedToday(kernel)).toBe(60_000)
    clock += PERIOD / 2
    await sampler().sample()
    expect(await storedToday(kernel)).toBe(60_000 + 150_000)
  })

  it('adds nothing when a run repeats an interval another run counted', async () => {
    const { kernel } = site
    const before = await storedToday(kernel)
    const previous = await store.lastSample('drive')
    // Two runs that read the same last sample: only the first moves it.
    expect(await store.replaceSample('drive', previous, { at: clock + 1, bytes })).toBe(true)
    expect(await store.replaceSample('drive', previous, { at: clock + 2, bytes })).toBe(false)
    await sampler().sample() // at `clock`, behind the stored sample: nothing
    expect(await storedToday(kernel)).toBe(before)
    clock += 1
  })

  it(`counts a long gap as ${GAP_PERIODS} periods`, async () => {
    const { kernel } = site
    clock += PERIOD
    bytes = 10
    await sampler().sample()
    const before = await storedToday(kernel)
    clock += 100 * PERIOD
    await sampler().sample()
    expect(await storedToday(kernel)).toBe(before + (10 * GAP_PERIODS * PERIOD) / 1000)
  })

  it("keeps the day's largest database size", async () => {
    const day = '2025-03-04'
    await store.recordDatabase(day, 500, 1)
    await store.recordDatabase(day, 900, 2)
    await store.recordDatabase(day, 700, 3)
    expect(await store.databaseDays('2025-03-01', '2025-03-31')).toEqual(new Map([[day, 900]]))
    await sampler().sample()
    const today = dayOf(clock)
    const size = (await store.databaseDays(today, today)).get(today)
    expect(size).toBeGreaterThan(0)
    expect(size).toBeLessThanOrEqual(await databaseSize(site.kernel.services.db))
  })
})
