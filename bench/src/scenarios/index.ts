import type { Scenario } from '../scenario.js'
import { throughput } from './throughput.js'
import { coldStart } from './cold-start.js'
import { idleMemory } from './idle-memory.js'

/**
 * Every benchmark, in run order. A new one (record list, storefront pages, bundle sizes, Lighthouse)
 * is a file in this folder exporting a Scenario, plus one line here.
 */
export const scenarios: readonly Scenario[] = [throughput, coldStart, idleMemory]
