/**
 * The cluster suite: one cluster (site.ts), started once, then the suites in turn: the kernel on
 * two nodes, every plugin as one site, and last the failure drills.
 */
import { afterAll, beforeAll, describe } from 'vitest'
import { clusterUnavailable } from './harness/index.js'
import { SharedSite } from './site.js'
import { coreSuite } from './suites/core.js'
import { failuresSuite } from './suites/failures.js'
import { pluginsSuite } from './suites/plugins.js'

describe.skipIf(clusterUnavailable())('one cluster: three Galera nodes, two app nodes', () => {
  const site = new SharedSite()

  beforeAll(() => site.start())
  afterAll(() => site.stop())

  coreSuite(site)
  pluginsSuite(site)
  failuresSuite(site)
})
