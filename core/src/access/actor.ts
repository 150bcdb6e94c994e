import type { Entity } from '../http/state.js'
import { ADMINISTRATOR_ROLE } from '../shared/access.js'

/**
 * The actor of work no person asked for over HTTP: seeds, migrations, the command line. It holds
 * the administrator role, and log lines name it `system` (docs/security.md, "Who did it").
 */
export const SYSTEM_ACTOR: Readonly<Entity> = Object.freeze({
  type: 'system',
  id: 'system',
  roles: [ADMINISTRATOR_ROLE],
})

/**
 * True only for SYSTEM_ACTOR itself, which only server code can pass: a plugin writing on its own
 * behalf (a password set with a reset code, a customer's saved cards). Guards let it write what
 * no caller may, such as server-kept fields; a signed-in entity never is it, whatever its type.
 */
export function isSystemActor(entity: Entity | null | undefined): boolean {
  return entity === SYSTEM_ACTOR
}

/** How log lines name whoever made a change: `type|id` of the account, `system`, or `anonymous`. */
export function actorName(entity: Entity | null | undefined): string {
  if (!entity) return 'anonymous'
  if (entity === SYSTEM_ACTOR || (entity.type === 'system' && entity.id === 'system'))
    return 'system'
  return `${entity.type}|${entity.id}`
}

/** True when the caller holds the administrator role (every right everywhere). */
export function isAdministrator(
  entity: { roles?: readonly string[] | null } | null | undefined,
): boolean {
  return entity?.roles?.includes(ADMINISTRATOR_ROLE) === true
}
