import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FIELD_DATATYPES, type RecordTypeData } from '@shopwright/client'
import { type Kernel } from '@shopwright/core'
import { databasesUnderTest } from '@shopwright/core/testing'
import account from '../src/index.js'
import { accountSeeds } from '../src/seeds/index.js'
import { bootAccounts } from './helpers.js'

const pluginDir = dirname(dirname(fileURLToPath(import.meta.url)))

describe('the account seeds', () => {
  it('are the employee and customer record types; account and people are declared security', () => {
    const seeds = accountSeeds()
    expect(seeds.map(({ type, id }) => `${type}/${id}`)).toEqual([
      'recordtype/employee',
      'recordtype/customer',
    ])
    expect(account.seeds).toBe(accountSeeds)
    expect(Object.keys(account.security ?? {})).toEqual(['account', 'people'])
  })

  it('give record types of the account fields, gated by security/people', () => {
    const types = accountSeeds().filter((seed) => seed.type === 'recordtype') as RecordTypeData[]
    expect(types.map(({ icon }) => icon)).toEqual(['account-tie', 'account'])
    for (const type of types) {
      expect(type).toMatchObject({ showintypes: true, security: 'people' })
      expect(typeof type.name).toBe('string')
      expect(typeof type.description).toBe('string')
      // A customer also has the profile's buying terms (README, "Profile").
      const buying =
        type.id === 'customer'
          ? [
              'companyname:text',
              'phone:text',
              'pricelevel:list',
              'terms:list',
              'creditlimit:decimal',
              'creditcurrency:record',
            ]
          : []
      expect(type.fields.map(({ id, datatype }) => `${id}:${datatype}`)).toEqual([
        'email:email',
        'name:text',
        'color:color',
        'roles:lists',
        'resetrequired:boolean',
        'imageversion:hidden',
        ...buying,
        'addressbook:lists',
        'creditcards:lists',
        'sessionsfrom:hidden',
      ])
      for (const field of type.fields) expect(FIELD_DATATYPES).toContain(field.datatype)
      expect(type.fields.filter((field) => field.required).map(({ id }) => id)).toEqual([
        'email',
        'name',
      ])
      expect(type.fields.filter((field) => field.showinlist).map(({ id }) => id)).toEqual([
        'email',
        'name',
      ])
      expect(type.fields.find((field) => field.id === 'roles')?.listtype).toBe('role')
    }
  })

  it('give the people rights of the brief: managers all, support view and edit, office view', () => {
    expect(account.security?.people).toEqual({
      name: 'People',
      access: { allmanagers: 'all', support: ['view', 'edit'], office: ['view'] },
    })
  })

  it('are a fresh copy on every call', () => {
    const first = accountSeeds()
    ;(first[0] as RecordTypeData).fields.pop()
    expect((accountSeeds()[0] as RecordTypeData).fields).toHaveLength(9)
  })

  const dist = join(pluginDir, 'dist', 'index.js')
  it.skipIf(!existsSync(dist))('load from the built package with the JSON inside it', () => {
    // A child process, not an import here: vitest's loader forgives what plain Node refuses.
    const script = `const m = await import(${JSON.stringify(pathToFileURL(dist).href)});
process.stdout.write(JSON.stringify(m.default.seeds()))`
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: pluginDir,
      encoding: 'utf8',
    })
    expect(JSON.parse(output)).toEqual(accountSeeds())
  })
})

for (const database of databasesUnderTest()) {
  describe.skipIf(database.skip)(`seeding the account plugin on ${database.name}`, () => {
    let kernel: Kernel
    let close: () => Promise<void>
    beforeAll(async () => {
      ;({ kernel, close } = await bootAccounts(database))
    })
    afterAll(() => close())

    it('stores the seeds once and leaves them alone on a second run', async () => {
      await kernel.seed()
      for (const seed of accountSeeds()) {
        expect(
          await kernel.containerOf('records').cradle.recordStore.get(seed.type, seed.id),
        ).toEqual(seed)
      }
      // The declared security record, one access entry per role.
      expect(
        await kernel.containerOf('records').cradle.recordStore.get('security', 'people'),
      ).toMatchObject({
        name: 'People',
        access: [
          {
            id: 'allmanagers',
            role: 'allmanagers',
            view: true,
            edit: true,
            create: true,
            delete: true,
          },
          { id: 'support', role: 'support', view: true, edit: true, create: false, delete: false },
          { id: 'office', role: 'office', view: true, edit: false, create: false, delete: false },
        ],
      })
      const again = await kernel.seed()
      expect(again.inserted).toBe(0)
    })

    it('makes security/people grant what the access service reads', async () => {
      const { access } = kernel.services
      expect(await access.flags({ roles: ['support'] }, 'people')).toEqual({
        view: true,
        edit: true,
        create: false,
        delete: false,
        publish: false,
      })
      expect(await access.flags({ roles: ['marketing'] }, 'people')).toEqual({
        view: false,
        edit: false,
        create: false,
        delete: false,
        publish: false,
      })
    })
  })
}
