import { describe, expect, it } from 'vitest'
import {
  addPluginError,
  ERROR_MESSAGES,
  formatError,
  isCoreErrorCode,
  isErrorCode,
  statusOf,
} from './index.js'

describe('error catalogue', () => {
  it('has an English message for every code it lists', () => {
    for (const [code, message] of Object.entries(ERROR_MESSAGES)) {
      expect(isErrorCode(code), code).toBe(true)
      expect(isCoreErrorCode(code), code).toBe(true)
      expect(message.length, code).toBeGreaterThan(3)
    }
  })

  it("shows a plugin's code with the message its plugin declared, and an unknown one as written", () => {
    expect(formatError('ERROR_SOMETHING_UNDECLARED')).toBe('ERROR_SOMETHING_UNDECLARED')
    expect(statusOf('ERROR_SOMETHING_UNDECLARED')).toBe(400)
    expect(statusOf('ERROR_THING_NOT_AVAILABLE')).toBe(404)
    addPluginError('ERROR_TEST_PLUGIN_CODE', { message: 'Test {0}.', status: 418 })
    expect(formatError('ERROR_TEST_PLUGIN_CODE', 'x')).toBe('Test x.')
    expect(statusOf('ERROR_TEST_PLUGIN_CODE')).toBe(418)
    expect(isCoreErrorCode('ERROR_TEST_PLUGIN_CODE')).toBe(false)
  })

  it("never lets a plugin redefine core's codes", () => {
    addPluginError('ERROR_ACCESS_DENIED', { message: 'Hijacked.', status: 200 })
    expect(formatError('ERROR_ACCESS_DENIED')).toBe('Access Denied.')
    expect(statusOf('ERROR_ACCESS_DENIED')).toBe(403)
  })

  it('fills placeholders and leaves missing ones visible', () => {
    expect(formatError('ERROR_PERMISSION_TYPE', 'delete')).toBe(
      'You do not have delete permission.',
    )
    expect(formatError('ERROR_PERMISSION_TYPE')).toBe('You do not have {0} permission.')
  })

  it('maps codes to real HTTP statuses', () => {
    expect(statusOf('ERROR_ACCESS_DENIED')).toBe(403)
    expect(statusOf('ERROR_NOT_SIGNED_IN')).toBe(401)
    expect(statusOf('ERROR_BODY_TOO_LARGE')).toBe(413)
    expect(statusOf('ERROR_TOO_MANY_REQUESTS')).toBe(429)
    expect(statusOf('ERROR_DATA_CONNECTION')).toBe(503)
    expect(statusOf('ERROR_INVALID_EMAIL')).toBe(400)
    expect(statusOf('ERROR_QUERY_NOT_FOUND')).toBe(404)
  })

  it('refuses prototype names as codes', () => {
    expect(isErrorCode('__proto__')).toBe(false)
    expect(isErrorCode('toString')).toBe(false)
    expect(isCoreErrorCode('__proto__')).toBe(false)
    expect(isErrorCode('ERROR_')).toBe(false)
    expect(isErrorCode('error_access_denied')).toBe(false)
  })
})
