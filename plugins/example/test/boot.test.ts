import { describe, expect, it } from 'vitest'
import { bootWith } from '@shopwright/core/testing'
import records from '@shopwright/plugin-records'
import example from '../src/index.js'

/** Boots records and example with the given environment and config-file settings. */
const boot = (env: NodeJS.ProcessEnv, settings: Record<string, unknown> = {}) =>
  bootWith([records, example], env, settings)

describe('the example plugin at boot', () => {
  it('refuses a bad ANNOUNCEMENT_LIMIT, naming the variable, before it connects to anything', async () => {
    for (const value of ['0', '21', 'lots', '2.5'])
      await expect(boot({ ANNOUNCEMENT_LIMIT: value })).rejects.toMatchObject({
        code: 'SW_CONFIG_INVALID',
        setting: 'ANNOUNCEMENT_LIMIT',
        message: expect.stringContaining('must be a whole number from 1 to 20'),
      })
  })

  it('refuses a bad config-file value, naming the key, which wins over the variable', async () => {
    await expect(
      boot({ ANNOUNCEMENT_LIMIT: '5' }, { announcementLimit: 50 }),
    ).rejects.toMatchObject({
      code: 'SW_CONFIG_INVALID',
      setting: 'announcementLimit',
    })
  })

  it('starts with a good value, and with none (the default)', async () => {
    for (const env of [{ ANNOUNCEMENT_LIMIT: '7' }, {}]) {
      const kernel = await boot(env)
      expect(kernel.services.announcements).toBeDefined()
      await kernel.close()
    }
  })

  it('will not start without the records plugin it requires', async () => {
    await expect(bootWith([example])).rejects.toMatchObject({
      message: expect.stringContaining('records'),
    })
  })
})
