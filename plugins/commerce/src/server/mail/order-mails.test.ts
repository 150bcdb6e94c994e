import { describe, expect, it, vi } from 'vitest'
import type { Knex } from 'knex'
import { SYSTEM_ACTOR } from '@shopwright/core'
import type { RecordChange } from '@shopwright/plugin-records'
import { OrderMails } from './order-mails.js'

/** Order e-mails with nothing behind them: any database read (a contact's lookup) is recorded. */
function bareMails() {
  const reads = vi.fn(() => ({
    where: () => ({ first: () => Promise.resolve(undefined) }),
  }))
  const mails = new OrderMails(
    reads as unknown as Knex,
    { enqueue: vi.fn(), wake: vi.fn() },
    { render: vi.fn(), origin: 'https://shop.example.com', define: vi.fn() },
    { mint: vi.fn(), keep: vi.fn() },
    { find: vi.fn() },
    { error: vi.fn() },
  )
  return { mails, reads }
}

const shipped: RecordChange = {
  kind: 'updated',
  record: { type: 'salesorder', id: 'SO10001', status: 'billed' },
  previous: { type: 'salesorder', id: 'SO10001', status: 'partiallyFulfilled' },
}

/** An action that runs until `finish` is called. */
function held() {
  let finish!: () => void
  const done = new Promise<void>((resolve) => (finish = resolve))
  return { run: () => done, finish }
}

describe("the orders desk's hold on status e-mails", () => {
  it('keeps a status change from queueing its own e-mail while any desk action on the order runs', async () => {
    const { mails, reads } = bareMails()
    const first = held()
    const second = held()
    const a = mails.byDesk('SO10001', first.run)
    const b = mails.byDesk('SO10001', second.run)
    first.finish()
    await a
    // The second action still runs: its change to billed tells nobody by itself.
    await mails.statusGuard.check!(shipped, SYSTEM_ACTOR)
    expect(reads).not.toHaveBeenCalled()
    second.finish()
    await b
    // With no action left, a change by hand looks for the order's contact to tell them.
    await mails.statusGuard.check!(shipped, SYSTEM_ACTOR)
    expect(reads).toHaveBeenCalledTimes(1)
  })
})
