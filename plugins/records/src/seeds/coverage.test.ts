/**
 * The record and configuration types describe exactly the fields the seeded records carry: the
 * sample company and reference data of @shopwright/seeds and this plugin's own seeds. A field the
 * types miss would be invisible in the admin editor; a value of the wrong shape would show wrongly.
 */
import { allSeeds, sampleCompany } from '@shopwright/seeds'
import { emailError, type FieldDefinition, type RecordTypeData } from '@shopwright/client'
import { isReference, type RecordData } from '@shopwright/core/shared'
import { describe, expect, it } from 'vitest'
import { recordsPluginSeeds } from './index.js'

const ours = recordsPluginSeeds()
const company = sampleCompany()
const everything = [...allSeeds(), ...ours]

const recordType = (id: string) =>
  ours.find((record) => record.type === 'recordtype' && record.id === id) as RecordTypeData
const configurationType = (id: string) =>
  ours.find((record) => record.type === 'configurationtype' && record.id === id) as RecordData & {
    fields: FieldDefinition[]
  }
const fieldIds = (fields: FieldDefinition[]) => fields.map((field) => field.id).sort()
/** A record's own fields: everything but its type and id. */
const keysOf = (record: object) =>
  Object.keys(record)
    .filter((key) => key !== 'type' && key !== 'id')
    .sort()
/** The union of the keys of several records. */
const keysOfAll = (records: object[]) => [...new Set(records.flatMap(keysOf))].sort()
const seeded = (type: string, id: string) =>
  everything.find((record) => record.type === type && record.id === id)!

describe('configuration types against the sample configuration records', () => {
  const configurations = company.filter((record) => record.type === 'configuration')
  const ownFields = fieldIds(recordType('configuration').fields)

  it('covers web, images and pagination', () => {
    expect(configurations.map((record) => record.id).sort()).toEqual([
      'images',
      'pagination',
      'web',
    ])
  })

  it.each(['web', 'images', 'pagination'])(
    'configurationtype/%s defines exactly the fields its sample record carries beyond the record type’s own',
    (id) => {
      const record = configurations.find((candidate) => candidate.id === id)!
      expect(record.configurationtype).toEqual({ reference: true, type: 'configurationtype', id })
      const type = configurationType(id)
      expect(fieldIds(type.fields)).toEqual(
        keysOf(record).filter((key) => !ownFields.includes(key)),
      )
      // A field in both would show twice in the editor.
      for (const field of type.fields)
        expect(ownFields, `${id}.${field.id}`).not.toContain(field.id)
    },
  )

  it('states the section 9 defaults, and the sample differs only in the image ratio', () => {
    const defaults = (id: string) =>
      Object.fromEntries(configurationType(id).fields.map((field) => [field.id, field.default]))
    expect(defaults('pagination')).toEqual({
      adminlist: 100,
      adminsublist: 10,
      admingrid: 24,
      weblist: 50,
      webgrid: 24,
      folder: 100,
    })
    expect(defaults('images')).toEqual({
      lazyloadbuffer: 100,
      itemimageratio: 1,
      itemimagelazyload: true,
      accountimagelazyload: true,
    })
    expect(seeded('configuration', 'images').itemimageratio).toBe(1.33)
  })
})

describe('record types against the seeded records', () => {
  it('location: exactly the fields of location/worldwide, its address those of a postal address', () => {
    const worldwide = seeded('location', 'worldwide')
    expect(fieldIds(recordType('location').fields)).toEqual(keysOf(worldwide))
    const address = recordType('location').fields.find((field) => field.id === 'address')!
    expect(address).toMatchObject({ datatype: 'record', embed: true, recordtype: 'postaladdress' })
    const addressFields = fieldIds(recordType('postaladdress').fields)
    for (const key of Object.keys(worldwide.address as object)) expect(addressFields).toContain(key)
  })

  it('country: exactly the fields the seeded countries carry', () => {
    const countries = everything.filter((record) => record.type === 'country')
    expect(countries.length).toBeGreaterThan(200)
    expect(fieldIds(recordType('country').fields)).toEqual(keysOf(seeded('country', 'us')))
    expect(fieldIds(recordType('country').fields)).toEqual(keysOfAll(countries))
  })

  it('currency: exactly the fields of currency/usd and every seeded currency', () => {
    const currencies = everything.filter((record) => record.type === 'currency')
    expect(fieldIds(recordType('currency').fields)).toEqual(keysOf(seeded('currency', 'usd')))
    expect(fieldIds(recordType('currency').fields)).toEqual(keysOfAll(currencies))
  })

  it.each([
    'security',
    'role',
    'listtype',
    'route',
    'menu',
    'webpage',
    'recordtype',
    'configurationtype',
  ])('%s: every field of every seeded record is defined', (type) => {
    const records = everything.filter((record) => record.type === type)
    expect(records.length).toBeGreaterThan(0)
    // A configuration type is described by the configurationtype record type, like any record.
    const defined = fieldIds(recordType(type).fields)
    for (const key of keysOfAll(records)) expect(defined, `${type}.${key}`).toContain(key)
  })

  it('currency defaults match currency/usd', () => {
    const usd = seeded('currency', 'usd')
    for (const field of recordType('currency').fields) {
      if (field.default !== undefined) expect(usd[field.id], field.id).toEqual(field.default)
    }
  })
})

/**
 * Checks one value against its field definition. `record` fields hold a reference; the seeds also
 * hold a bare record id in two places (a country's currency, a record type's security), which the
 * editor must accept as the same thing.
 */
function conforms(
  field: FieldDefinition,
  value: unknown,
  lists: Map<string, Set<string>>,
): string | null {
  if (value === null || value === undefined) return null
  const inList = (id: unknown) => {
    const values = field.listtype ? lists.get(field.listtype) : undefined
    return !values || (typeof id === 'string' && values.has(id))
      ? null
      : `not in list ${field.listtype}`
  }
  switch (field.datatype) {
    case 'text':
    case 'longtext':
    case 'htmlx':
    case 'icon':
      return typeof value === 'string' ? null : 'not a string'
    case 'email':
      return typeof value === 'string' && emailError(value) === null ? null : 'not an e-mail'
    case 'integer':
      return Number.isInteger(value) ? null : 'not an integer'
    case 'decimal':
      return typeof value === 'number' ? null : 'not a number'
    case 'boolean':
      return typeof value === 'boolean' ? null : 'not a boolean'
    case 'record':
      if (field.embed)
        return typeof value === 'object' && !Array.isArray(value) ? null : 'not an object'
      if (typeof value === 'string') return null
      return isReference(value) && value.type === field.recordtype ? null : 'not a reference'
    case 'recordlist':
      return Array.isArray(value) &&
        value.every((item) => isReference(item) && item.type === field.recordtype)
        ? null
        : 'not a list of references'
    case 'list':
      return inList(typeof value === 'object' ? (value as { id?: unknown }).id : value)
    case 'lists':
      if (!Array.isArray(value)) return 'not a list'
      for (const item of value) {
        const id = typeof item === 'string' ? item : (item as { id?: unknown })?.id
        if (typeof id !== 'string') return 'an entry without an id'
        const problem = inList(id)
        if (problem) return problem
      }
      return null
    case 'translations':
      return typeof value === 'object' &&
        Object.values(value as object).every((text) => typeof text === 'string')
        ? null
        : 'not a map of texts'
    default:
      return null
  }
}

describe('seeded values fit their field definitions', () => {
  const lists = new Map<string, Set<string>>()
  for (const list of everything.filter((record) => record.type === 'listtype')) {
    const values = list.values as Array<string | { id: string }>
    lists.set(
      list.id,
      new Set(values.map((value) => (typeof value === 'string' ? value : value.id))),
    )
  }

  it('knows the language list of @shopwright/seeds', () => {
    expect(lists.get('language')?.has('en-us')).toBe(true)
  })

  it.each([
    'configuration',
    'location',
    'country',
    'currency',
    'security',
    'role',
    'route',
    'menu',
    'webpage',
    'listtype',
    'configurationtype',
    'recordtype',
  ])('%s records', (type) => {
    const problems: string[] = []
    for (const record of everything.filter((candidate) => candidate.type === type)) {
      let fields = recordType(type).fields
      if (type === 'configuration') {
        const configurationTypeId = (record.configurationtype as { id: string }).id
        fields = [...fields, ...configurationType(configurationTypeId).fields]
      }
      for (const field of fields) {
        const problem = conforms(field, record[field.id], lists)
        if (problem) problems.push(`${record.type}/${record.id}.${field.id}: ${problem}`)
      }
    }
    expect(problems).toEqual([])
  })

  it('the embedded address of location/worldwide fits the postal address type', () => {
    const address = seeded('location', 'worldwide').address as Record<string, unknown>
    const problems = recordType('postaladdress')
      .fields.map((field) => conforms(field, address[field.id], lists))
      .filter(Boolean)
    expect(problems).toEqual([])
  })

  it('references name records that are seeded', () => {
    const keys = new Set(everything.map((record) => `${record.type}/${record.id}`))
    const missing: string[] = []
    const visit = (value: unknown, where: string) => {
      if (isReference(value)) {
        if (!keys.has(`${value.type}/${value.id}`))
          missing.push(`${where} -> ${value.type}/${value.id}`)
        return
      }
      if (Array.isArray(value)) value.forEach((item, index) => visit(item, `${where}.${index}`))
      else if (value && typeof value === 'object')
        for (const [key, item] of Object.entries(value)) visit(item, `${where}.${key}`)
    }
    for (const record of ours) visit(record, `${record.type}/${record.id}`)
    // The category and item routes name record types the catalogue plugin seeds.
    expect(missing).toEqual([
      'route/category.recordtype -> recordtype/webcategory',
      'route/item.recordtype -> recordtype/item',
    ])
  })
})
