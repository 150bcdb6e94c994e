import {
  FIELD_DATATYPES,
  fieldDisplay,
  type FieldDefinition,
  type RecordTypeData,
} from '@shopwright/client'
import { isValidId } from '@shopwright/core/shared'
import { describe, expect, it } from 'vitest'
import {
  OTHER_PACKAGES_LIST_TYPES,
  OTHER_PLUGINS_RECORD_TYPES,
  recordsPluginSeeds,
  RECORDS_SECURITY,
  REFERENCE_SECURITY,
  WEBSITE_SECURITY,
} from './index.js'

const FULL = ['view', 'edit', 'create', 'delete'] as const

const seeds = recordsPluginSeeds()
const ofType = (type: string) => seeds.filter((record) => record.type === type)
const find = (type: string, id: string) =>
  seeds.find((record) => record.type === type && record.id === id)
const recordTypes = ofType('recordtype') as RecordTypeData[]
const recordType = (id: string) => find('recordtype', id) as RecordTypeData
const fieldOf = (type: string, id: string) =>
  recordType(type).fields.find((candidate) => candidate.id === id) as FieldDefinition

/** Every field definition seeded here: record types' and configuration types' alike. */
const allFields: Array<{ owner: string; field: FieldDefinition }> = [
  ...ofType('recordtype'),
  ...ofType('configurationtype'),
].flatMap((owner) =>
  (owner.fields as FieldDefinition[]).map((field) => ({
    owner: `${owner.type}/${owner.id}`,
    field,
  })),
)

/** The sample company's security records (seeded by @shopwright/seeds), plus people. */
const SPEC_SECURITY_IDS = [
  'admin',
  'configuration',
  'translation',
  'drive',
  'sessions',
  'memory',
  'security',
  'insights',
  'billing',
  'log',
  'bin',
  'account',
  'people', // not in the spec table: listed by the project brief, expected from the account plugin
]

/** The record types this plugin owns, by the project brief. */
const OWNED_TYPES = [
  'recordtype',
  'listtype',
  'configurationtype',
  'configuration',
  'security',
  'role',
  'route',
  'menu',
  'location',
  'webpage',
  'country',
  'currency',
]

describe('recordsPluginSeeds', () => {
  it('gives every record a type and id that pass the spec id rule', () => {
    for (const record of seeds) {
      expect(isValidId(record.type), `type of ${record.type}/${record.id}`).toBe(true)
      expect(isValidId(record.id), `id of ${record.type}/${record.id}`).toBe(true)
    }
  })

  it('has no duplicate (type, id)', () => {
    const keys = seeds.map((record) => `${record.type}/${record.id}`)
    expect(new Set(keys).size).toBe(keys.length)
  })

  it('builds fresh objects on every call', () => {
    const first = recordsPluginSeeds()
    const home = first.find((record) => record.type === 'webpage' && record.id === 'home')!
    home.headline = 'changed'
    ;(first.find((record) => record.id === 'recordtype')!.fields as FieldDefinition[]).length = 0
    expect(recordsPluginSeeds()).toEqual(seeds)
    expect(recordsPluginSeeds()).not.toBe(recordsPluginSeeds())
  })

  it('is plain JSON data, as the seed writer stores it', () => {
    expect(JSON.parse(JSON.stringify(seeds))).toEqual(seeds)
  })
})

describe('record types', () => {
  it('describe every type the plugin owns, and the embedded postal address', () => {
    expect(recordTypes.map((type) => type.id).sort()).toEqual(
      [...OWNED_TYPES, 'postaladdress'].sort(),
    )
  })

  it.each(OWNED_TYPES)('%s has a name, an icon, a description, showintypes and security', (id) => {
    const type = recordType(id)
    expect(type.name).toMatch(/\S/)
    expect(type.icon).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/) // an @mdi/js name in kebab case
    expect(type.description).toMatch(/\S/)
    expect(type.showintypes).toBe(true)
    expect(typeof type.security).toBe('string')
    expect(type.fields.length).toBeGreaterThan(0)
  })

  it('are gated by the security records the brief names', () => {
    const security = Object.fromEntries(recordTypes.map((type) => [type.id, type.security]))
    expect(security).toEqual({
      recordtype: 'configuration',
      listtype: 'configuration',
      configurationtype: 'configuration',
      configuration: 'configuration',
      security: 'security',
      role: 'security',
      route: 'website',
      menu: 'website',
      location: 'website',
      postaladdress: 'website',
      webpage: 'website',
      country: 'reference',
      currency: 'reference',
    })
  })

  it('name security records that exist here or in the spec list', () => {
    const known = new Set([...Object.keys(RECORDS_SECURITY), ...SPEC_SECURITY_IDS])
    for (const type of recordTypes) expect(known, type.id).toContain(type.security)
  })
})

describe('field definitions', () => {
  it('have ids that pass the spec id rule, unique within their owner', () => {
    for (const owner of [...ofType('recordtype'), ...ofType('configurationtype')]) {
      const ids = (owner.fields as FieldDefinition[]).map((field) => field.id)
      for (const id of ids) expect(isValidId(id), `${owner.id}.${id}`).toBe(true)
      expect(new Set(ids).size, owner.id).toBe(ids.length)
    }
  })

  it('state a name, a description, required and showinlist', () => {
    for (const { owner, field } of allFields) {
      expect(field.name, `${owner}.${field.id}`).toMatch(/\S/)
      expect(field.description, `${owner}.${field.id}`).toMatch(/\S/)
      expect(typeof field.required, `${owner}.${field.id}`).toBe('boolean')
      expect(typeof field.showinlist, `${owner}.${field.id}`).toBe('boolean')
    }
  })

  it('use only the datatypes of FIELD_DATATYPES', () => {
    for (const { owner, field } of allFields) {
      expect(FIELD_DATATYPES, `${owner}.${field.id}`).toContain(field.datatype)
    }
  })

  it('point record and recordlist fields at a type seeded here or owned by another plugin', () => {
    const known = new Set<string>([
      ...recordTypes.map((type) => type.id),
      ...OTHER_PLUGINS_RECORD_TYPES,
    ])
    const pointing = allFields.filter(({ field }) =>
      ['record', 'recordlist'].includes(field.datatype),
    )
    expect(pointing.length).toBeGreaterThan(0)
    for (const { owner, field } of pointing) {
      expect(field.recordtype, `${owner}.${field.id}`).toBeTypeOf('string')
      expect(known, `${owner}.${field.id}`).toContain(field.recordtype)
    }
  })

  it('name an existing list type on every list field, and on lists fields that name one', () => {
    const known = new Set<string>([
      ...ofType('listtype').map((list) => list.id),
      ...OTHER_PACKAGES_LIST_TYPES,
    ])
    for (const { owner, field } of allFields) {
      if (field.datatype === 'list')
        expect(field.listtype, `${owner}.${field.id}`).toBeTypeOf('string')
      if (field.datatype !== 'list' && field.datatype !== 'lists') {
        expect(field.listtype, `${owner}.${field.id}`).toBeUndefined()
        continue
      }
      if (field.listtype !== undefined)
        expect(known, `${owner}.${field.id}`).toContain(field.listtype)
    }
  })

  it('give only record fields (and text fields naming a record) a recordtype, and only record fields embed', () => {
    for (const { owner, field } of allFields) {
      if (!['record', 'recordlist', 'text'].includes(field.datatype)) {
        expect(field.recordtype, `${owner}.${field.id}`).toBeUndefined()
      }
      if (field.embed) expect(field.datatype, `${owner}.${field.id}`).toBe('record')
    }
  })

  it('have defaults of their datatype', () => {
    for (const { owner, field } of allFields) {
      if (field.default === undefined) continue
      const where = `${owner}.${field.id}`
      switch (field.datatype) {
        case 'integer':
          expect(Number.isInteger(field.default), where).toBe(true)
          break
        case 'decimal':
          expect(field.default, where).toBeTypeOf('number')
          break
        case 'boolean':
          expect(field.default, where).toBeTypeOf('boolean')
          break
        case 'lists':
        case 'recordlist':
          expect(field.default, where).toEqual([])
          break
        case 'record':
          expect(field.default, where).toMatchObject({ reference: true, type: field.recordtype })
          break
        default:
          expect(field.default, where).toBeTypeOf('string')
      }
    }
  })

  it('fall back sanely between display modes', () => {
    // A field that states nothing is edited everywhere.
    const name = fieldOf('webpage', 'headline')
    expect([
      fieldDisplay(name, 'edit'),
      fieldDisplay(name, 'create'),
      fieldDisplay(name, 'embed'),
    ]).toEqual(['edit', 'edit', 'edit'])
    // The configuration type is chosen on create and only shown afterwards; embedding follows edit.
    const configurationType = fieldOf('configuration', 'configurationtype')
    expect(fieldDisplay(configurationType, 'create')).toBe('edit')
    expect(fieldDisplay(configurationType, 'edit')).toBe('view')
    expect(fieldDisplay(configurationType, 'embed')).toBe('view')
    const extendsField = fieldOf('recordtype', 'extends')
    expect(fieldDisplay(extendsField, 'create')).toBe('edit')
    expect(fieldDisplay(extendsField, 'edit')).toBe('view')
    // No seeded field is hidden: the editor shows every value the records carry.
    for (const { owner, field } of allFields) {
      for (const mode of ['edit', 'create', 'embed'] as const) {
        expect(fieldDisplay(field, mode), `${owner}.${field.id} ${mode}`).not.toBe('hidden')
      }
    }
  })

  it('shows the main field of every owned type in lists', () => {
    for (const id of OWNED_TYPES) {
      expect(
        recordType(id).fields.some((field) => field.showinlist),
        id,
      ).toBe(true)
    }
  })
})

describe('list types', () => {
  it('hold values with valid, unique ids', () => {
    for (const list of ofType('listtype')) {
      const ids = (list.values as Array<string | { id: string }>).map((value) =>
        typeof value === 'string' ? value : value.id,
      )
      expect(ids.length, list.id).toBeGreaterThan(0)
      for (const id of ids) expect(isValidId(id), `${list.id}: ${id}`).toBe(true)
      expect(new Set(ids).size, list.id).toBe(ids.length)
    }
  })

  it('offer static and record as search-engine modes', () => {
    expect(find('listtype', 'seo')?.values).toEqual([
      { id: 'static', name: 'Static' },
      { id: 'record', name: 'Record' },
    ])
  })
})

describe('the website and reference security records', () => {
  /** The rights a caller with these roles holds on a record of the plugin's table. */
  const rights = (security: string, roles: string[]) => {
    const { access } = RECORDS_SECURITY[security]!
    const held = new Set<string>()
    for (const role of ['all', ...roles]) {
      const granted = access[role]
      for (const right of granted === 'all' ? FULL : (granted ?? [])) held.add(right)
    }
    return FULL.filter((right) => held.has(right))
  }

  it('are declared by the plugin, not seeded as records here', () => {
    expect(ofType('security')).toEqual([])
    expect(Object.keys(RECORDS_SECURITY)).toEqual(
      expect.arrayContaining([WEBSITE_SECURITY, REFERENCE_SECURITY]),
    )
  })

  it('let everyone, signed in or not, view the storefront and reference records', () => {
    expect(rights('website', [])).toEqual(['view'])
    expect(rights('reference', [])).toEqual(['view'])
  })

  it('give website rights by role', () => {
    const full = ['view', 'edit', 'create', 'delete']
    expect(rights('website', ['allmanagers'])).toEqual(full)
    expect(rights('website', ['development'])).toEqual(full)
    expect(rights('website', ['marketing'])).toEqual(['view', 'edit', 'create'])
    expect(rights('website', ['marketingmanager'])).toEqual(['view', 'edit', 'create'])
    expect(rights('website', ['finance'])).toEqual(['view'])
  })

  it('give reference rights by role', () => {
    const full = ['view', 'edit', 'create', 'delete']
    expect(rights('reference', ['allmanagers'])).toEqual(full)
    expect(rights('reference', ['development'])).toEqual(full)
    expect(rights('reference', ['marketing'])).toEqual(['view'])
  })

  it('do not reuse an id of the spec table', () => {
    expect(SPEC_SECURITY_IDS).not.toContain(WEBSITE_SECURITY)
    expect(SPEC_SECURITY_IDS).not.toContain(REFERENCE_SECURITY)
  })
})
