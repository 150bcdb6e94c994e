import crypto from 'node:crypto'
import { afterAll, beforeAll, describe } from 'vitest'
import { createKernel, type Kernel, type KernelOptions } from '../kernel/create-kernel.js'
import type { PluginDefinition } from '../kernel/plugin.js'
import type { ShopwrightConfig } from '../config/schema.js'
import type { RecordData } from '../shared/records.js'
import { inject, type TestRequest } from './inject.js'
import { testConfig } from './test-config.js'
import {
  bootTestKernel,
  databasesUnderTest,
  redisSkipReason,
  redisUrlForTests,
  type DatabaseUnderTest,
} from './test-databases.js'

/** A person a suite signs in: the roles of the account, and its type when not `employee`. */
export interface SuitePerson {
  roles: readonly string[]
  type?: 'employee' | 'customer'
}

/**
 * How a suite adds its people and signs them in. Core keeps no accounts: the plugin that does gives
 * one (`accountPeople` of `@shopwright/plugin-account/testing`).
 */
export interface PeopleKeeper {
  /** Adds the account and signs it in: its actor (`employee|7`) and its Cookie header value. */
  add(
    kernel: Kernel,
    email: string,
    person: SuitePerson,
  ): Promise<{ actor: string; cookie: string }>
  /** Signs an account `add` made in again (on another node): its Cookie header value. */
  signIn(kernel: Kernel, email: string): Promise<string>
}

/** What a plugin suite runs on (docs/plugins.md, "Testing a plugin"). */
export interface PluginSuite<P extends string> {
  /** The plugins every node runs, the one under test among them. */
  plugins: readonly PluginDefinition[]
  /**
   * One node (the default), or two nodes of one database and one Redis, as a site behind a load
   * balancer: skipped where Redis is not reachable.
   */
  nodes?: 1 | 2
  /** The engines to run on: both by default (MariaDB where `npm test` found it). */
  engines?: ReadonlyArray<DatabaseUnderTest['name']>
  /** Configuration of every node, beside the test defaults and, on two nodes, the shared Redis. */
  config?: Partial<ShopwrightConfig>
  /** Records inserted (when missing) once the first node has started, with the plugins' own. */
  seeds?: () => readonly RecordData[]
  /** The people to sign in, by name: each gets the e-mail `{name}@example.com`. */
  people?: Readonly<Record<P, SuitePerson>>
  /** Adds and signs in `people`; required when there are any. */
  keeper?: PeopleKeeper
  /** Kernel options of every node (whether it serves pages). */
  kernel?: Pick<KernelOptions, 'pages'>
}

/** The running site a suite's tests see; read it inside tests and hooks, once the site started. */
export interface TestSite<P extends string> {
  readonly database: DatabaseUnderTest
  /** The database's URL, for a node a test starts itself. */
  readonly url: string
  /** The configuration every node shares (the database, and on two nodes the Redis). */
  readonly shared: Partial<ShopwrightConfig>
  /** The running nodes, the first one first. */
  readonly nodes: readonly Kernel[]
  /** The first node. */
  readonly kernel: Kernel
  /** A person's Cookie header value on a node (the first by default). */
  cookie(person: P, node?: number): string
  /** A person's actor, as the log and `createdBy` name it (`employee|7`). */
  actor(person: P): string
  /** A request as a person, or anonymously with `undefined`, on a node (the first by default). */
  call(person: P | undefined, request: TestRequest, node?: number): ReturnType<typeof inject>
}

interface Running {
  url: string
  shared: Partial<ShopwrightConfig>
  nodes: Kernel[]
  cookies: Array<Record<string, string>>
  actors: Record<string, string>
  close(): Promise<void>
}

/**
 * Describes a plugin's black-box suite once and runs it on each database engine under test, on
 * one node or two: it starts the site on a fresh database, seeds it, signs the people in on every
 * node, and stops everything after the suite. Replaces the set-up each plugin used to copy.
 */
export function describePlugin<P extends string = never>(
  title: string,
  suite: PluginSuite<P>,
  body: (site: TestSite<P>) => void,
): void {
  const nodes = suite.nodes ?? 1
  for (const database of databasesUnderTest()) {
    if (suite.engines && !suite.engines.includes(database.name)) continue
    const skip = database.skip || (nodes === 2 && redisSkipReason())
    const where =
      nodes === 2 ? `on two nodes of one ${database.name} and Redis` : `on ${database.name}`
    describe.skipIf(skip)(`${title} ${where}`, () => {
      let running: Running | undefined
      const started = (): Running => {
        if (!running) throw new Error('the test site is read before it started (use it in a test)')
        return running
      }
      beforeAll(async () => {
        running = await startSite(database, suite, nodes)
      })
      afterAll(() => running?.close())
      body({
        database,
        get url() {
          return started().url
        },
        get shared() {
          return started().shared
        },
        get nodes() {
          return started().nodes
        },
        get kernel() {
          return started().nodes[0]!
        },
        cookie(person, node = 0) {
          const cookie = started().cookies[node]?.[person]
          if (cookie === undefined) throw new Error(`no ${person} signed in on node ${node}`)
          return cookie
        },
        actor(person) {
          return started().actors[person]!
        },
        call(person, request, node = 0) {
          const kernel = started().nodes[node]
          if (!kernel) throw new Error(`the site has no node ${node}`)
          const cookie = person === undefined ? undefined : this.cookie(person, node)
          return inject(kernel, {
            ...request,
            headers: cookie ? { ...request.headers, cookie } : request.headers,
          })
        },
      })
    })
  }
}

async function startSite<P extends string>(
  database: DatabaseUnderTest,
  suite: PluginSuite<P>,
  count: 1 | 2,
): Promise<Running> {
  const shared: Partial<ShopwrightConfig> = {
    ...suite.config,
    ...(count === 2
      ? {
          redisUrl: redisUrlForTests(),
          // Each suite's keys apart from every other's on the one Redis.
          redisPrefix: `swt${crypto.randomBytes(4).toString('hex')}`,
        }
      : {}),
  }
  const first = await bootTestKernel(database, suite.plugins, shared, suite.kernel)
  const nodes = [first.kernel]
  const close = async () => {
    for (const node of nodes.slice(1).reverse()) await node.close()
    await first.close()
  }
  try {
    await first.kernel.seed(suite.seeds?.() ?? [])
    const people = Object.entries(suite.people ?? {}) as Array<[string, SuitePerson]>
    if (people.length > 0 && !suite.keeper)
      throw new Error('describePlugin: people need a keeper that adds and signs them in')
    const actors: Record<string, string> = {}
    const cookies: Array<Record<string, string>> = [{}]
    for (const [name, person] of people) {
      const added = await suite.keeper!.add(first.kernel, `${name}@example.com`, person)
      actors[name] = added.actor
      cookies[0]![name] = added.cookie
    }
    while (nodes.length < count) {
      const node = await createKernel({
        config: testConfig({ ...shared, databaseUrl: first.url }),
        plugins: suite.plugins,
        ...suite.kernel,
      })
      nodes.push(node)
      const signedIn: Record<string, string> = {}
      for (const [name] of people)
        signedIn[name] = await suite.keeper!.signIn(node, `${name}@example.com`)
      cookies.push(signedIn)
    }
    return {
      url: first.url,
      shared: { ...shared, databaseUrl: first.url },
      nodes,
      cookies,
      actors,
      close,
    }
  } catch (error) {
    await close()
    throw error
  }
}
