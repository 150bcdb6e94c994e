import { describe, expect, it } from 'vitest'
import { KernelError } from '../kernel/kernel-error.js'
import { requireDriver } from './driver.js'

describe('database drivers', () => {
  it('passes when the driver resolves', () => {
    expect(() => requireDriver('sqlite')).not.toThrow()
    expect(() => requireDriver('mysql')).not.toThrow()
  })

  it('names the missing driver and the command that installs it', () => {
    const missing = () => {
      throw new Error('Cannot find module')
    }
    expect(() => requireDriver('mysql', missing)).toThrow(KernelError)
    expect(() => requireDriver('mysql', missing)).toThrow(
      'SW_DATABASE_DRIVER_MISSING: DATABASE_URL names MySQL/MariaDB, whose driver mysql2 is not installed: run npm install mysql2',
    )
    expect(() => requireDriver('sqlite', missing)).toThrow('run npm install better-sqlite3')
  })
})
