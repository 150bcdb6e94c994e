import { z } from 'zod'
import { createError, type QueryMiddleware, readBody } from '@shopwright/core'
import type { AccountService } from '../account-service.js'
import type { BlockedDevices } from '../blocked-devices.js'
import type { SessionStore } from '../sessions.js'

const BlockBody = z.strictObject({ device: z.string().min(1).max(256) })

/**
 * `POST /query/account/block/:recordtype/:id` `{ device }`: blocks the device from signing in to
 * the account and ends its sessions there (the block link of a reset e-mail).
 */
export function blockDevice({
  accounts,
  blockedDevices,
  sessionStore,
}: {
  accounts: AccountService
  blockedDevices: BlockedDevices
  sessionStore: SessionStore
}): QueryMiddleware {
  return async (ctx) => {
    const body = readBody(ctx, BlockBody)
    const record = await accounts.getAccount(ctx.params.recordtype ?? '', ctx.params.id ?? '')
    if (!record) throw createError('ERROR_RECORD_NOT_AVAILABLE')
    await blockedDevices.block(record.type, record.id, body.device)
    await sessionStore.endDevice(record, body.device)
    ctx.body = { ok: true }
  }
}
