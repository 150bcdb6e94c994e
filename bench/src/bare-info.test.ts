import { describe, expect, it } from 'vitest'
import { DEFAULT_PLUGINS } from '@shopwright/cli'
import { BARE_INFO } from './bare-info.js'

describe("the bare Koa server's info answer", () => {
  it('names the plugins a project runs by default, in their order', () => {
    expect(BARE_INFO.plugins).toEqual(DEFAULT_PLUGINS)
  })
})
