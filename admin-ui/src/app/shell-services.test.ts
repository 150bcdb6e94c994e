import { describe, expect, it } from 'vitest'
import type { AdminModule, TextsProvider } from '../registry/index.js'
import { chooseServices } from './shell-services.js'
import { memoryAuth } from './test-auth.js'

const auth = () => memoryAuth({}).auth
const texts = { texts: async () => ({}), languages: async () => null } satisfies TextsProvider

describe('chooseServices', () => {
  it('takes each service from the one module that provides it', () => {
    const account = auth()
    const modules: AdminModule[] = [
      { plugin: 'records', panels: [] },
      { plugin: 'account', auth: account },
      { plugin: 'translations', texts },
    ]
    expect(chooseServices(modules)).toEqual({
      services: { auth: account, texts },
      conflicts: [],
    })
  })

  it('leaves out a service nobody provides', () => {
    expect(chooseServices([{ plugin: 'records' }])).toEqual({ services: {}, conflicts: [] })
  })

  it('uses neither of two providers of a service, and names them', () => {
    const modules: AdminModule[] = [
      { plugin: 'account', auth: auth() },
      { plugin: 'sso', auth: auth() },
      { plugin: 'translations', texts },
    ]
    expect(chooseServices(modules)).toEqual({
      services: { texts },
      conflicts: [{ service: 'auth', plugins: ['account', 'sso'] }],
    })
  })
})
