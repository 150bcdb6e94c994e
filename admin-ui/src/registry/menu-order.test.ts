import { describe, expect, it } from 'vitest'
import billing from '../../../plugins/billing/src/admin/index.js'
import commerce from '../../../plugins/commerce/src/admin/index.js'
import drive from '../../../plugins/drive/src/admin/index.js'
import insights from '../../../plugins/insights/src/admin/index.js'
import log from '../../../plugins/log/src/admin/index.js'
import memory from '../../../plugins/memory/src/admin/index.js'
import records from '../../../plugins/records/src/admin/index.js'
import sessions from '../../../plugins/sessions/src/admin/index.js'
import translations from '../../../plugins/translations/src/admin/index.js'
import { menuOf, SPEC_MENU, type AdminModule } from './index.js'

/** The default plugins' admin modules, in the build's order (their packages' names). */
const DEFAULT_MODULES: AdminModule[] = [
  billing,
  commerce,
  drive,
  insights,
  log,
  memory,
  records,
  sessions,
  translations,
]

const entry = (to: string, order: number): AdminModule => ({
  plugin: to,
  panels: [{ path: to, menu: { label: to, icon: 'cog', order }, Component: null as never }],
})

describe('the admin menu', () => {
  it("lists the default plugins' entries in the specification's order, Orders first and Permissions after Security", () => {
    expect(menuOf(DEFAULT_MODULES).map((shown) => shown.label)).toEqual([
      'Orders',
      'Data',
      'Types',
      'Lists',
      'Configuration',
      'Translation',
      'Drive',
      'Sessions',
      'Memory',
      'Security',
      'Permissions',
      'Insights',
      'Live Insights',
      'Billing',
      'Log',
      'Bin',
    ])
  })

  it('places the specification’s entries by address whatever their plugins say, others by their order', () => {
    const shown = menuOf([
      entry('/bin', 1),
      entry('/sessions', 45),
      entry('/announcements', 65),
      entry('/data/translation', 500),
      entry('/data', 10),
    ])
    expect(shown.map((item) => [item.to, item.order])).toEqual([
      ['/data', 10],
      ['/data/translation', 50],
      ['/announcements', 65],
      ['/sessions', 70],
      ['/bin', 140],
    ])
    expect(SPEC_MENU).toHaveLength(14)
  })
})
