import { describe, expect, it } from 'vitest'
import { packageOf, renderProfileSummary, summariseProfile, type CpuProfile } from './profile.js'

const frame = (functionName: string, url = '', lineNumber = 0) => ({
  functionName,
  url,
  lineNumber,
})

// A root, idle, GC, a knex function and a records-plugin function; samples every 100 µs.
const profile: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame('(root)'), children: [2, 3, 4, 5] },
    { id: 2, callFrame: frame('(idle)') },
    { id: 3, callFrame: frame('(garbage collector)') },
    {
      id: 4,
      callFrame: frame('toSQL', 'file:///w/node_modules/knex/lib/query/querycompiler.js', 41),
    },
    { id: 5, callFrame: frame('get', 'file:///w/plugins/records/dist/index.js', 99) },
  ],
  startTime: 0,
  endTime: 1_000,
  samples: [2, 4, 4, 5, 3, 4, 2, 2, 5, 4],
  timeDeltas: [0, 100, 100, 100, 100, 100, 100, 100, 100, 100],
}

describe('packageOf', () => {
  it('names packages, scoped packages, workspaces, node internals and V8 entries', () => {
    expect(packageOf('file:///a/node_modules/knex/lib/x.js', 'f')).toBe('knex')
    expect(packageOf('file:///a/node_modules/@koa/router/lib/x.js', 'f')).toBe('@koa/router')
    expect(packageOf('file:///a/node_modules/.pnpm/x/node_modules/pino/y.js', 'f')).toBe('pino')
    expect(packageOf('file:///w/core/dist/index.js', 'f')).toBe('core')
    expect(packageOf('file:///w/plugins/records/dist/index.js', 'f')).toBe('plugins/records')
    expect(packageOf('node:internal/streams/writable', 'f')).toBe('node:internal')
    expect(packageOf('', '(garbage collector)')).toBe('(garbage collector)')
    expect(packageOf('', 'JSONParse')).toBe('(native)')
  })
})

describe('summariseProfile', () => {
  it('adds self time per function and package, with idle apart', () => {
    const summary = summariseProfile(profile)
    // Ten samples of 100 µs (the last one gets the average gap).
    expect(summary.totalMs).toBeCloseTo(1)
    expect(summary.idleMs).toBeCloseTo(0.3)
    expect(summary.functions[0]).toMatchObject({
      name: 'toSQL knex/lib/query/querycompiler.js:42',
    })
    expect(summary.functions[0]!.ms).toBeCloseTo(0.4)
    expect(summary.functions[0]!.share).toBeCloseTo(4 / 7)
    expect(summary.packages.map((p) => p.name)).toEqual([
      'knex',
      'plugins/records',
      '(garbage collector)',
    ])
    expect(summary.functions.find((f) => f.name.startsWith('get '))!.name).toBe(
      'get plugins/records/dist/index.js:100',
    )
  })

  it('keeps the top N and copes with an empty profile', () => {
    expect(summariseProfile(profile, 1).functions).toHaveLength(1)
    const empty = summariseProfile({ nodes: [], startTime: 0, endTime: 0 })
    expect(empty).toEqual({ totalMs: 0, idleMs: 0, functions: [], packages: [] })
  })

  it('renders a readable summary', () => {
    const text = renderProfileSummary('kernel', summariseProfile(profile, 2))
    expect(text.split('\n')[0]).toBe('kernel: 0.0 s sampled, 0.0 s busy')
    expect(text).toContain(' 57.1%       0 ms  knex')
    const perRequest = renderProfileSummary('kernel', summariseProfile(profile, 2), 10)
    expect(perRequest.split('\n')[0]).toBe(
      'kernel: 0.0 s sampled, 0.0 s busy, 10 requests: 70.0 µs busy per request',
    )
    expect(perRequest).toContain(' 57.1%       0 ms    40.00 µs/req  knex')
  })
})
