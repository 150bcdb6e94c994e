import { describe, expect, it } from 'vitest'
import type { PluginDefinition } from '@shopwright/core'
import { FULL_RIGHTS, SPEC_SECURITY_TABLE } from '@shopwright/testkit'
import { adminPlugin } from '@shopwright/admin-ui/server'
import account from '@shopwright/plugin-account'
import billing from '@shopwright/plugin-billing'
import commerce from '@shopwright/plugin-commerce'
import drive from '@shopwright/plugin-drive'
import insights from '@shopwright/plugin-insights'
import log from '@shopwright/plugin-log'
import memory from '@shopwright/plugin-memory'
import records from '@shopwright/plugin-records'
import sessions from '@shopwright/plugin-sessions'
import translations from '@shopwright/plugin-translations'

const PLUGINS: readonly PluginDefinition[] = [
  records,
  account,
  translations,
  drive,
  log,
  memory,
  sessions,
  billing,
  insights,
  commerce,
  adminPlugin(),
]

/** A declaration's rights per role, written out as the spec table writes them. */
const rowOf = (access: NonNullable<PluginDefinition['security']>[string]['access']) =>
  Object.fromEntries(
    Object.entries(access).map(([role, rights]) => [role, rights === 'all' ? FULL_RIGHTS : rights]),
  )

/*
 * A built-in plugin's security declarations are what a new site gets without the sample company; a
 * record the specification's table names must grant there exactly what the table says, as the
 * sample company's copy does (seeds/src/security.test.ts). docs/security.md has the table.
 */
describe('the built-in plugins declare their security records', () => {
  const declared = PLUGINS.flatMap((plugin) =>
    Object.entries(plugin.security ?? {}).map(([id, declaration]) => ({ plugin, id, declaration })),
  )

  it('each record in one plugin only', () => {
    const ids = declared.map(({ id }) => id)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it.each(declared.filter(({ id }) => id in SPEC_SECURITY_TABLE))(
    '$id with the rights of the specification',
    ({ id, declaration }) => {
      expect(rowOf(declaration.access)).toEqual(SPEC_SECURITY_TABLE[id])
    },
  )

  it('every record of the specification', () => {
    const ids = new Set(declared.map(({ id }) => id))
    expect(Object.keys(SPEC_SECURITY_TABLE).filter((id) => !ids.has(id))).toEqual([])
  })
})
