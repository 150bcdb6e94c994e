import type { Knex } from 'knex'
import { isDuplicateKey } from '@shopwright/core'
import { sha256Hex } from './secrets.js'

/** Devices an account's owner has blocked from signing in to that account (`account_blocked_devices`). */
export class BlockedDevices {
  constructor(private readonly db: Knex) {}

  /** Blocks the device for the account; blocking it again changes nothing. */
  async block(type: string, id: string, device: string, now = Date.now()): Promise<void> {
    const deviceHash = sha256Hex(device)
    const existing = await this.db('account_blocked_devices')
      .where({ type, id, device_hash: deviceHash })
      .first('type')
    if (existing) return
    try {
      await this.db('account_blocked_devices').insert({
        type,
        id,
        device_hash: deviceHash,
        device,
        created_at: now,
      })
    } catch (error) {
      // Two blocks at once: the other one's row is as good as ours.
      if (!isDuplicateKey(error)) throw error
    }
  }

  /**
   * What blocks the device for the account: `device` when its own value is blocked, `previous`
   * when only the value it had before (the Device-Previous header) is, else null. Nothing is
   * written: carrying a previous block over to the new value is the caller's choice (`block`),
   * made only once the password is proven (routes/login.ts).
   */
  async blockedBy(
    type: string,
    id: string,
    device: string,
    previous?: string,
  ): Promise<'device' | 'previous' | null> {
    const hashes = [sha256Hex(device)]
    if (previous !== undefined && previous !== device) hashes.push(sha256Hex(previous))
    const rows = await this.db('account_blocked_devices')
      .where({ type, id })
      .whereIn('device_hash', hashes)
      .select<Array<{ device_hash: string }>>('device_hash')
    if (rows.length === 0) return null
    return rows.some((row) => row.device_hash === hashes[0]) ? 'device' : 'previous'
  }
}
