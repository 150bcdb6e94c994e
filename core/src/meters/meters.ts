import type { Knex } from 'knex'
import type { Logger } from '../logger.js'
import { dayOf, OTHER_KEY } from '../shared/calendar.js'

/** The table of daily counts (a kernel migration, db/kernel-migrations.ts). */
export const METERS_TABLE = 'sw_meters'

/** One stored count: what a meter (and key) reached on a UTC day (YYYY-MM-DD), all nodes summed. */
export interface MeterReading {
  day: string
  name: string
  key: string
  value: number
}

/**
 * The site's usage counters (docs/operations.md, "Meters"): requests, bytes sent and error answers
 * counted by the kernel, and whatever plugins count (e-mails sent, sessions started...). A count is
 * added in memory, at the cost of a map update, and every node adds its counts to one row per day,
 * meter and key in the database, so readings are the whole site's, exact, with or without Redis.
 */
export interface Meters {
  /** Adds to today's count of a meter (and of one key of it, such as an error code). */
  add(name: string, amount?: number, key?: string): void
  /** The stored counts of the days from..to (inclusive, YYYY-MM-DD), of the named meters or all. */
  read(from: string, to: string, names?: readonly string[]): Promise<MeterReading[]>
  /** Stores this node's counts now (they are stored every few seconds and on close). */
  flush(): Promise<void>
}

/** A meter's name: lower case words joined by dots, such as `drive.byteseconds`. */
export const METER_NAME = /^[a-z][a-z0-9]*(?:\.[a-z0-9]+)*$/
const KEY_LENGTH = 191
/**
 * Distinct day/meter/key counts one node holds between flushes; past it, new keys count as
 * OTHER_KEY (a flood of distinct keys must not grow memory).
 */
const PENDING_LIMIT = 10_000
const FLUSH_MS = 10_000
const DAY_MS = 86_400_000

export class KernelMeters implements Meters {
  private pending = new Map<string, number>()
  private day = ''
  private dayEnds = 0
  private timer: NodeJS.Timeout | undefined
  private flushing: Promise<void> = Promise.resolve()
  private started = false
  private readonly names = new Set<string>()
  /** Today's slot of each meter counted without a key (keylessSlot). */
  private readonly keyless = new Map<string, string>()
  private lastRefusal = 0

  constructor(
    private readonly db: Knex,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  /** Starts storing counts every few seconds; before it, counts are kept and nothing is stored. */
  start(): this {
    this.started = true
    this.timer ??= setInterval(() => void this.flush(), FLUSH_MS)
    this.timer.unref()
    return this
  }

  add(name: string, amount = 1, key = ''): void {
    // Whole units (requests, bytes, byte-seconds): the column is an integer on both databases.
    amount = Math.round(amount)
    if (amount === 0 || Number.isNaN(amount)) return
    if (!this.names.has(name)) {
      if (!METER_NAME.test(name) || name.length > 64)
        throw new TypeError(`meter name "${name}" must match ${METER_NAME} (64 characters at most)`)
      this.names.add(name)
    }
    if (!Number.isSafeInteger(amount)) return this.refuse(name, amount)
    const slot =
      key === ''
        ? this.keylessSlot(name)
        : `${this.today()}\u0000${name}\u0000${key.length > KEY_LENGTH ? key.slice(0, KEY_LENGTH) : key}`
    const held = this.pending.get(slot)
    if (held !== undefined && !Number.isSafeInteger(held + amount)) return this.refuse(name, amount)
    if (held !== undefined) this.pending.set(slot, held + amount)
    else if (this.pending.size < PENDING_LIMIT || key === '') this.pending.set(slot, amount)
    else {
      const other = `${this.today()}\u0000${name}\u0000${OTHER_KEY}`
      this.pending.set(other, (this.pending.get(other) ?? 0) + amount)
    }
  }

  async read(from: string, to: string, names?: readonly string[]): Promise<MeterReading[]> {
    const query = this.db(METERS_TABLE)
      .select('day', 'name', 'key', 'value')
      .whereBetween('day', [from, to])
      .orderBy(['day', 'name', 'key'])
    if (names) query.whereIn('name', names)
    const rows = (await query) as Array<{ day: string; name: string; key: string; value: unknown }>
    return rows.map((row) => ({ ...row, value: Number(row.value) }))
  }

  flush(): Promise<void> {
    // One flush at a time: two would both take the same counts.
    this.flushing = this.flushing.then(() => this.store())
    return this.flushing
  }

  /** Stops the timer and stores what is left (nothing on a node that never started). */
  async close(): Promise<void> {
    clearInterval(this.timer)
    this.timer = undefined
    if (this.started) await this.flush()
  }

  /** An amount a count cannot hold exactly (past 2^53): said in the log, at most once a minute. */
  private refuse(name: string, amount: number): void {
    const now = this.now()
    if (now - this.lastRefusal < 60_000) return
    this.lastRefusal = now
    this.logger.warn(
      { meter: name, amount },
      'meter amount too large to count exactly; not counted',
    )
  }

  private today(): string {
    const now = this.now()
    if (now >= this.dayEnds) {
      this.day = dayOf(now)
      this.dayEnds = Date.parse(`${this.day}T00:00:00.000Z`) + DAY_MS
      this.keyless.clear()
    }
    return this.day
  }

  /**
   * Today's slot of a meter counted without a key, made once a day: the kernel counts every
   * request this way, and the same string each time spares building and hashing a new one.
   */
  private keylessSlot(name: string): string {
    const day = this.today()
    let slot = this.keyless.get(name)
    if (slot === undefined) {
      slot = `${day}\u0000${name}\u0000`
      this.keyless.set(name, slot)
    }
    return slot
  }

  private async store(): Promise<void> {
    if (this.pending.size === 0) return
    const taken = this.pending
    this.pending = new Map()
    const rows = [...taken].map(([slot, value]) => {
      const [day, name, key] = slot.split('\u0000') as [string, string, string]
      return { day, name, key, value }
    })
    let start = 0
    try {
      for (; start < rows.length; start += 500)
        await incrementRows(this.db, rows.slice(start, start + 500))
    } catch (error) {
      // Kept for the next flush: a database outage (or a write conflict on a Galera cluster)
      // delays counts, it does not lose them. Only the batches not stored: the earlier ones are in.
      for (const row of rows.slice(start)) {
        const slot = [row.day, row.name, row.key].join('\u0000')
        this.pending.set(slot, (this.pending.get(slot) ?? 0) + row.value)
      }
      this.logger.warn({ err: error }, 'meters not stored; kept for the next try')
    }
  }
}

/** Adds each row's value to the stored one, inserting the rows that do not exist yet. */
async function incrementRows(db: Knex, rows: readonly MeterReading[]): Promise<void> {
  const mysql = (db.client as { dialect?: string }).dialect === 'mysql'
  const values = rows.map(() => '(?, ?, ?, ?)').join(', ')
  const bindings = rows.flatMap((row) => [row.day, row.name, row.key, row.value])
  const update = mysql
    ? 'ON DUPLICATE KEY UPDATE `value` = `value` + VALUES(`value`)'
    : 'ON CONFLICT ("day", "name", "key") DO UPDATE SET "value" = "value" + excluded."value"'
  const quote = mysql ? '`' : '"'
  const columns = ['day', 'name', 'key', 'value'].map((column) => quote + column + quote).join(', ')
  await db.raw(`INSERT INTO ${METERS_TABLE} (${columns}) VALUES ${values} ${update}`, bindings)
}
