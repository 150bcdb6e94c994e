import {
  createError,
  dayOf,
  daysOfMonth,
  isMonth,
  isAppError,
  SYSTEM_ACTOR,
  type CacheService,
  type Logger,
  type Meters,
  type RecordData,
} from '@shopwright/core'
import type { RecordsService } from '@shopwright/plugin-records'
import type { SessionsService } from '@shopwright/plugin-sessions'
import {
  SERIES,
  TRAFFIC_INSIGHTS_TYPE,
  type LiveInsights,
  type TrafficAnswer,
  type TrafficInsights,
} from '../shared/types.js'
import { globeLocations } from './globe-locations.js'
import { addDay, emptyInsights, type DayErrors } from './month-insights.js'
import type { RollUpTimes } from './rollup-times.js'

/** The cache type of the month answers (README, "Caching"): a memory clear of `misc` clears it. */
export const INSIGHTS_CACHE = 'insights'
const DAY_MS = 86_400_000
/**
 * How long after a day ends it is stored: by then every node has written its queued pages and
 * meters (seconds), and sessions that began before midnight have ended (a visit lasts until 30
 * minutes without activity), so a stored day is complete. Until then it is counted live.
 */
export const SETTLE_MS = 60 * 60_000

/** The fields a roll-up writes. */
const WRITTEN = ['days', ...SERIES]

/**
 * Traffic insights (plugins/insights/README.md): the scheduled roll-up that stores each finished
 * day in its month's `trafficinsights` record, once, whichever node runs it; the month's answer,
 * that record plus the days not rolled up yet (today) computed live; and the live globe's places.
 */
export class InsightsService {
  constructor(
    private readonly records: RecordsService,
    private readonly sessions: SessionsService,
    private readonly meters: Meters,
    private readonly cache: CacheService,
    /** When each stored day was rolled up (the plugin's own table). */
    private readonly times: RollUpTimes,
    private readonly logger: Logger,
    /** How many days back a roll-up (and a live answer) looks for days not rolled up yet. */
    private readonly catchUpDays: number,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Stores every finished day of the catch-up window that its month's record lacks; the number of
   * days stored. Safe on several nodes at once: a day is added in a read-modify-write that skips a
   * day already there, retried when another node wrote in between.
   */
  async rollUp(): Promise<number> {
    const now = this.now()
    let stored = 0
    for (const day of this.window()) {
      if (Date.parse(`${day}T00:00:00.000Z`) + DAY_MS + SETTLE_MS > now) continue
      const month = day.slice(0, 7)
      const record = (await this.records.findFresh(
        TRAFFIC_INSIGHTS_TYPE,
        month,
      )) as unknown as TrafficInsights | null
      if (record?.days?.includes(day)) continue
      const [facts, errors] = await Promise.all([this.sessions.dayFacts(day), this.errorsOf(day)])
      if (!record) await this.createMonth(month)
      let added = false
      await this.records.modify(
        SYSTEM_ACTOR,
        TRAFFIC_INSIGHTS_TYPE,
        month,
        WRITTEN,
        (data) => {
          added = addDay(data as unknown as TrafficInsights, facts, errors)
          if (!added) return false
        },
        { message: `rolled up ${day}` },
      )
      if (!added) continue
      stored++
      await this.times.noted(day, this.now())
    }
    if (stored > 0) {
      await this.cache.clear(INSIGHTS_CACHE)
      this.logger.info({ days: stored }, 'insights: days rolled up')
    }
    return stored
  }

  /**
   * A month's insights: its record, with the days not rolled up yet (today) added live and named
   * in `livedays`, and when its last roll-up stored a day.
   */
  async month(month: string): Promise<TrafficAnswer> {
    if (!isMonth(month))
      throw createError('ERROR_INVALID_INPUT', {
        reason: `month must be YYYY-MM (got ${JSON.stringify(String(month).slice(0, 20))}).`,
      })
    const today = dayOf(this.now())
    // A month still to come has no figures (as billing answers it).
    if (month > today.slice(0, 7))
      throw createError('ERROR_INSIGHTS_NOT_AVAILABLE', { reason: month })
    // Past months change only when a roll-up stores a day (which clears this cache).
    const duration = month === today.slice(0, 7) ? 'tiny' : 'short'
    return this.cache.wrap(INSIGHTS_CACHE, month, duration, async () => {
      const stored = (await this.records.find(
        TRAFFIC_INSIGHTS_TYPE,
        month,
      )) as unknown as TrafficInsights | null
      const insights = stored ? structuredClone(stored) : emptyInsights(month)
      const window = new Set(this.window())
      const livedays: string[] = []
      for (const day of daysOfMonth(month)) {
        if (day > today || !window.has(day) || insights.days.includes(day)) continue
        const [facts, errors] = await Promise.all([this.sessions.dayFacts(day), this.errorsOf(day)])
        addDay(insights, facts, errors)
        livedays.push(day)
      }
      return { ...insights, livedays, lastrollup: await this.times.lastOf(month) }
    })
  }

  /**
   * The live globe's places: up to 1,000 sessions, the most recently active first; `live` is every
   * live session's count (the Sessions screen's), located or not.
   */
  async live(): Promise<LiveInsights> {
    const [located, live] = await Promise.all([this.sessions.located(), this.sessions.liveCount()])
    return { ...globeLocations(located), live }
  }

  /** The catch-up window: the days from catchUpDays ago to today, oldest first. */
  private window(): string[] {
    const now = this.now()
    return Array.from({ length: this.catchUpDays + 1 }, (_, index) =>
      dayOf(now - (this.catchUpDays - index) * DAY_MS),
    )
  }

  private async errorsOf(day: string): Promise<DayErrors> {
    const readings = await this.meters.read(day, day, ['errors', 'errors.code'])
    const errors: DayErrors = { total: 0, codes: Object.create(null) as DayErrors['codes'] }
    for (const reading of readings) {
      if (reading.name === 'errors') errors.total += reading.value
      else errors.codes[reading.key] = (errors.codes[reading.key] ?? 0) + reading.value
    }
    return errors
  }

  /** The month's record, empty; another node making it at the same time is no failure. */
  private async createMonth(month: string): Promise<void> {
    try {
      await this.records.create(SYSTEM_ACTOR, emptyInsights(month) as unknown as RecordData)
    } catch (error) {
      if (!isAppError(error) || error.code !== 'ERROR_RECORD_ALREADY_EXISTS') throw error
    }
  }
}
