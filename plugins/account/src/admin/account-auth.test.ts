import { describe, expect, it } from 'vitest'
import { createQueryClient } from '@shopwright/client'
import { accountAuth } from './account-auth.js'

/** A client whose `account/get` answers the given account. */
const clientAnswering = (account: unknown) =>
  createQueryClient({
    device: 'test',
    fetch: async () => ({
      status: 200,
      headers: { get: () => null },
      text: async () => JSON.stringify(account),
    }),
  })

/** An `account/get` answer of an account without roles. */
const ada = {
  type: 'employee',
  id: '7',
  email: 'ada@example.com',
  name: 'Ada',
  imageversion: 3,
}

describe("the account plugin's sign-in for the admin", () => {
  it('tells who is signed in with their roles, for role-only controls', async () => {
    const client = clientAnswering({ ...ada, roles: ['administrator', 'office'] })
    expect(await accountAuth.identity(client)).toEqual({
      id: 'employee/7',
      name: 'Ada',
      email: 'ada@example.com',
      image: '/query/account/image/get/employee/7?t=3',
      roles: ['administrator', 'office'],
    })
  })

  it('gives no roles when the answer has none', async () => {
    const client = clientAnswering(ada)
    expect((await accountAuth.identity(client))?.roles).toEqual([])
  })
})
