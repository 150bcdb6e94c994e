import { afterAll, describe, expect, it } from 'vitest'
import pino from 'pino'
import { createKernel, dayOf, definePlugin, KernelMeters, type Kernel } from '../src/index.js'
import { databasesUnderTest, inject, testConfig } from '../src/testing/index.js'

const logger = pino({ level: 'silent' })
const today = (): string => dayOf(Date.now())

/** A plugin that counts what it is told to, and answers an error or a streamed body. */
const counting = definePlugin({
  name: 'counting',
  routes(router, { services }) {
    router.post('/counting/add', (ctx) => {
      const { name, amount, key } = ctx.request.body as {
        name: string
        amount: number
        key?: string
      }
      services.meters.add(name, amount, key)
      ctx.body = { ok: true }
    })
    router.get('/counting/missing', (ctx) => {
      ctx.status = 404
      ctx.body = { ok: false, message: 'ERROR_THING_NOT_FOUND' }
    })
    router.get('/counting/private', (ctx) => {
      ctx.status = 401
      ctx.body = { ok: false, message: 'ERROR_NOT_SIGNED_IN' }
    })
    router.get('/counting/big', (ctx) => {
      ctx.body = 'x'.repeat(100_000)
    })
  },
})

describe.each(databasesUnderTest())('meters on $name', (database) => {
  const opened: Array<() => Promise<void>> = []
  afterAll(async () => {
    for (const close of opened.reverse()) await close()
  })

  /** Two nodes on one database, as two processes of a site are. */
  async function twoNodes(): Promise<[Kernel, Kernel]> {
    const { url, drop } = await database.create()
    opened.push(drop)
    const boot = async (): Promise<Kernel> => {
      const kernel = await createKernel({
        config: testConfig({ databaseUrl: url }),
        plugins: [counting],
        logger,
      })
      opened.push(() => kernel.close())
      return kernel
    }
    const first = await boot()
    return [first, await boot()]
  }

  it.skipIf(database.skip)(
    'sums what two nodes count, exactly, by day, meter and key',
    async () => {
      const [a, b] = await twoNodes()
      for (let i = 0; i < 50; i++) {
        a.services.meters.add('emails')
        b.services.meters.add('emails', 2)
        a.services.meters.add('translation.characters', 1_000_000_007)
      }
      b.services.meters.add('errors.code', 3, 'ERROR_X')
      a.services.meters.add('errors.code', 4, 'ERROR_X')
      // Concurrent flushes of both nodes, twice: each count is stored once.
      await Promise.all([a.services.meters.flush(), b.services.meters.flush()])
      b.services.meters.add('emails')
      await Promise.all([
        a.services.meters.flush(),
        b.services.meters.flush(),
        b.services.meters.flush(),
      ])
      const readings = await a.services.meters.read(today(), today(), [
        'emails',
        'translation.characters',
        'errors.code',
      ])
      expect(readings).toEqual([
        { day: today(), name: 'emails', key: '', value: 151 },
        { day: today(), name: 'errors.code', key: 'ERROR_X', value: 7 },
        { day: today(), name: 'translation.characters', key: '', value: 50_000_000_350 },
      ])
      expect(await a.services.meters.read('2000-01-01', '2000-01-31')).toEqual([])
    },
  )

  it.skipIf(database.skip)(
    'counts requests, bytes on the wire and error answers by code, and stores them on close',
    async () => {
      const [a] = await twoNodes()
      const { url } = await a.listen(0, '127.0.0.1')
      // Uncompressed, so the bytes meter counts the body's own size (it counts what goes on the wire).
      const big = await fetch(`${url}/query/counting/big`, {
        headers: { device: 'd', 'accept-encoding': 'identity' },
      })
      expect((await big.text()).length).toBe(100_000)
      const missing = await fetch(`${url}/query/counting/missing`, { headers: { device: 'd' } })
      expect(missing.status).toBe(404)
      const unknown = await fetch(`${url}/query/no/such/call`, { headers: { device: 'd' } })
      expect(unknown.status).toBe(404)
      await fetch(`${url}/healthz`)
      // Not signed in is no error.
      expect((await inject(a, { url: '/query/counting/private' })).statusCode).toBe(401)
      await a.services.meters.flush()
      const readings = await a.services.meters.read(today(), today())
      const value = (name: string, key = ''): number | undefined =>
        readings.find((row) => row.name === name && row.key === key)?.value
      // Three over the wire and one injected; /healthz is not counted.
      expect(value('requests')).toBe(4)
      expect(value('bytes')).toBeGreaterThan(100_000)
      expect(value('bytes')).toBeLessThan(102_000)
      expect(value('errors')).toBe(2)
      expect(value('errors.code', 'ERROR_THING_NOT_FOUND')).toBe(1)
      expect(
        readings
          .filter((row) => row.name === 'errors.code')
          .reduce((sum, row) => sum + row.value, 0),
      ).toBe(2)
    },
  )

  it.skipIf(database.skip)('stores what a node counted when it closes', async () => {
    const [a, b] = await twoNodes()
    a.services.meters.add('emails', 3)
    await a.close()
    expect(await b.services.meters.read(today(), today(), ['emails'])).toEqual([
      { day: today(), name: 'emails', key: '', value: 3 },
    ])
  })

  it.skipIf(database.skip)(
    'counts on the right day across midnight, with a key or without',
    async () => {
      const [a] = await twoNodes()
      let now = Date.parse('2026-03-01T23:59:59.000Z')
      const meters = new KernelMeters(a.services.db, logger, () => now)
      meters.add('midnight')
      meters.add('midnight', 2, 'keyed')
      now += 2_000
      meters.add('midnight', 5)
      meters.add('midnight', 7, 'keyed')
      await meters.flush()
      expect(await meters.read('2026-03-01', '2026-03-02', ['midnight'])).toEqual([
        { day: '2026-03-01', name: 'midnight', key: '', value: 1 },
        { day: '2026-03-01', name: 'midnight', key: 'keyed', value: 2 },
        { day: '2026-03-02', name: 'midnight', key: '', value: 5 },
        { day: '2026-03-02', name: 'midnight', key: 'keyed', value: 7 },
      ])
    },
  )

  it.skipIf(database.skip)('refuses a badly named meter and ignores empty amounts', async () => {
    const [a] = await twoNodes()
    expect(() => a.services.meters.add('Bad Name')).toThrow(/meter name/)
    a.services.meters.add('nothing', 0)
    a.services.meters.add('nothing', Number.NaN)
    await a.services.meters.flush()
    expect(await a.services.meters.read(today(), today(), ['nothing'])).toEqual([])
  })
})
