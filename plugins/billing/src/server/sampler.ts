import type { Knex } from 'knex'
import { databaseSize, dayOf, type Logger, type Meters } from '@shopwright/core'
import type { BillingStore, Sample } from './billing-store.js'

/** The meter drive storage is counted in. */
export const STORAGE_METER = 'drive.byteseconds'
/** The sample name of the drive's stored bytes. */
const DRIVE_SAMPLE = 'drive'
/** Missed runs still counted in full; a longer gap counts this many periods (README, "Drive storage"). */
export const GAP_PERIODS = 3

/**
 * What billing needs of the drive (its `storedBytes()`), declared here so billing does not depend
 * on the drive plugin: a site without it is billed no storage.
 */
export interface StoredBytesSource {
  /** The bytes of the files the drive keeps, in the bin too. */
  storedBytes(): Promise<number>
}

/** True for a service with a `storedBytes()` method. */
export function isStoredBytesSource(value: unknown): value is StoredBytesSource {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { storedBytes?: unknown }).storedBytes === 'function'
  )
}

/**
 * The byte-seconds between the previous sample and a new one at `at`: the bytes held at the
 * previous sample, for the seconds since it (a change shows from the next sample on). The first
 * sample has nothing before it and counts nothing; a gap longer than `gapLimitMs` (the site or its
 * scheduler stopped) counts `gapLimitMs` only, since what was stored in between is not known and
 * would all land on the day of the new sample; a clock behind the last sample counts nothing.
 */
export function byteSecondsBetween(
  previous: Sample | null,
  at: number,
  gapLimitMs: number,
): number {
  if (!previous || at <= previous.at) return 0
  const elapsed = Math.min(at - previous.at, gapLimitMs)
  return Math.round((previous.bytes * elapsed) / 1000)
}

/**
 * The sampler, run once for the site every period by `services.schedule` (`billing.sample`): the
 * database's size as the day's gauge, and the drive's stored bytes integrated into the
 * `drive.byteseconds` meter. Each run is safe to repeat: a second run for the same interval finds
 * the sample moved and adds nothing.
 */
export class BillingSampler {
  constructor(
    private readonly store: BillingStore,
    private readonly db: Knex,
    private readonly meters: Meters,
    private readonly drive: StoredBytesSource | undefined,
    private readonly periodMs: number,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one sample of each figure. */
  async sample(): Promise<void> {
    const at = this.now()
    await this.store.recordDatabase(dayOf(at), await databaseSize(this.db), at)
    if (this.drive) await this.sampleDrive(at)
  }

  private async sampleDrive(at: number): Promise<void> {
    const bytes = await this.drive!.storedBytes()
    const previous = await this.store.lastSample(DRIVE_SAMPLE)
    if (previous && at <= previous.at) {
      this.logger.warn({ at, previous: previous.at }, 'storage sample older than the last one')
      return
    }
    const amount = byteSecondsBetween(previous, at, this.periodMs * GAP_PERIODS)
    if (!(await this.store.replaceSample(DRIVE_SAMPLE, previous, { at, bytes }))) return
    if (amount > 0) {
      this.meters.add(STORAGE_METER, amount)
      await this.meters.flush()
    }
  }
}
