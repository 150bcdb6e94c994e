import { isSystemActor } from '@shopwright/core'
import type { RecordGuard } from '@shopwright/plugin-records'
import { DISMISSALS_TABLE } from './migrations.js'

/**
 * Runs on every write of an announcement, whoever makes it (the record editor, an import, this
 * plugin): the `dismissals` count is the server's, so only SYSTEM_ACTOR changes it, and the
 * plugin's own rows follow a rename or a final delete in the same transaction.
 */
export const dismissalsGuard: RecordGuard = {
  async check(change, actor) {
    if (isSystemActor(actor)) return
    if (change.kind === 'created') change.record.dismissals = 0
    else if (change.kind === 'updated' || change.kind === 'renamed')
      change.record.dismissals = change.previous.dismissals ?? 0
  },
  async write(change, _actor, trx) {
    if (change.kind === 'renamed')
      await trx(DISMISSALS_TABLE)
        .where({ announcement: change.previous.id })
        .update({ announcement: change.record.id })
    else if (change.kind === 'removed')
      await trx(DISMISSALS_TABLE).where({ announcement: change.record.id }).delete()
  },
}
