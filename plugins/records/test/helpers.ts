import type { TestRequest, PluginSuite, SuitePerson, TestSite } from '@shopwright/core/testing'
import { allSeeds } from '@shopwright/seeds'
import account from '@shopwright/plugin-account'
import { accountPeople } from '@shopwright/plugin-account/testing'
import records from '../src/index.js'

/** The staff the record suites sign in, by the role that gives them their rights. */
export const STAFF = {
  administrator: { roles: ['administrator'] },
  allmanagers: { roles: ['allmanagers'] },
  marketing: { roles: ['marketing'] },
  // Publishes what marketing drafts (docs/history.md, "Who may publish").
  marketingmanager: { roles: ['marketingmanager'] },
  office: { roles: ['office'] },
} as const satisfies Record<string, SuitePerson>

/**
 * A record suite (`describePlugin(title, recordsSuite(people), ...)`): records and account on a
 * fresh database seeded like the sample company (docs/plugins.md, "Testing a plugin"), with the
 * people signed in; `more` adds to or replaces any of it.
 */
export function recordsSuite<P extends string>(
  people: Readonly<Record<P, SuitePerson>>,
  more: Partial<PluginSuite<P>> = {},
): PluginSuite<P> {
  return { plugins: [records, account], seeds: allSeeds, people, keeper: accountPeople, ...more }
}

/** An answer as the record suites read it: its status and its parsed JSON body. */
export interface Answer {
  status: number
  body: Record<string, unknown> & { message?: string }
}

/**
 * The calls of one of a site's people, or of an anonymous caller (undefined): each answers its
 * status and parsed body.
 */
export function caller<P extends string>(site: TestSite<P>, person: P | undefined) {
  return async (request: TestRequest): Promise<Answer> => {
    const res = await site.call(person, request)
    return {
      status: res.statusCode,
      body: res.body ? (JSON.parse(res.body) as Answer['body']) : {},
    }
  }
}
