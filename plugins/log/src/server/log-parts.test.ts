import { describe, expect, it } from 'vitest'
import { logRedactor, type CopiedRecord } from '@shopwright/core'
import type { LogPart } from '../shared/types.js'
import { MAX_MESSAGE_CHARS, messageJson, partsOf, recordParts } from './log-parts.js'
import { serverRow } from './log-writer.js'

const line = (object: Record<string, unknown>, msg?: string, bindings = {}): CopiedRecord => ({
  time: 0,
  level: 50,
  msg,
  object,
  bindings,
})

describe('the parts of a log line', () => {
  it('gives each kind of value its part', () => {
    class Cart {}
    expect(partsOf('text')).toEqual([{ kind: 'text', text: 'text' }])
    expect(partsOf(10n ** 30n, 'total')).toEqual([
      { kind: 'bignumber', label: 'total', value: '1000000000000000000000000000000' },
    ])
    expect(partsOf(function save() {})).toEqual([{ kind: 'function', name: 'save' }])
    expect(partsOf(() => 1)).toEqual([{ kind: 'function', name: 'anonymous' }])
    expect(partsOf(Cart)).toEqual([{ kind: 'class', name: 'Cart' }])
    expect(partsOf({ a: [1, { b: 2n }], when: new Date(0), run: Cart })).toEqual([
      {
        kind: 'object',
        value: { a: [1, { b: '2n' }], when: '1970-01-01T00:00:00.000Z', run: '[class Cart]' },
      },
    ])
  })

  it('gives an error its stack and its causes, each an error part of its own', () => {
    const error = Object.assign(new TypeError('outer', { cause: new Error('inner') }), {
      code: 'E_OUTER',
    })
    const parts = partsOf(error)
    expect(parts.map((part) => part.kind)).toEqual(['error', 'stack', 'error', 'stack'])
    expect(parts[0]).toEqual({
      kind: 'error',
      name: 'TypeError',
      message: 'outer',
      code: 'E_OUTER',
    })
    expect(parts[2]).toEqual({ kind: 'error', label: 'cause', name: 'Error', message: 'inner' })
    expect((parts[1] as { text: string }).text).toMatch(/^TypeError: outer\n\s+at /)
  })

  it('bounds what it keeps: cycles, depth, long lists and texts', () => {
    const cycle: Record<string, unknown> = { name: 'loop' }
    cycle.self = cycle
    const deep = { a: { b: { c: { d: { e: { f: { g: 1 } } } } } } }
    const [part] = partsOf({ cycle, deep, list: Array.from({ length: 60 }, (_, i) => i) })
    const value = (part as { value: Record<string, unknown> }).value
    expect(value.cycle).toEqual({ name: 'loop', self: '[Circular]' })
    expect(JSON.stringify(value.deep)).toContain('[Object]')
    expect((value.list as unknown[]).at(-1)).toBe('… 10 more')
    expect(partsOf('x'.repeat(5000))[0]).toMatchObject({
      text: expect.stringContaining('3000 more characters'),
    })
  })

  it('makes a copied line its message, its error, a context of plain values, then the rest', () => {
    const error = new Error('failed')
    expect(
      recordParts(
        line({ err: error, id: 'r1', status: 500, body: { a: 1 } }, 'request failed', {
          plugin: 'drive',
          node: 'n1',
        }),
      ).map((part) => part.kind),
    ).toEqual(['text', 'error', 'stack', 'context', 'object'])
    const parts = recordParts(line({ err: error }, 'failed'))
    // `logger.error(error)`: the message is the error's, said once.
    expect(parts.map((part) => part.kind)).toEqual(['error', 'stack'])
    expect(recordParts(line({}, undefined))).toEqual([{ kind: 'text', text: '' }])
  })

  it('redacts secrets from every part of a copied line, at any depth the tree keeps', () => {
    const code = 'q3Vb8_xT-0aZkLm2NpQr4StUvWxYz9AbCdEfGhIjKlM'
    // The kernel's redactor, with a secret path declared as the account plugin declares its own.
    const { text } = logRedactor([/^(\/query\/account\/reset\/[^/?#]+\/[^/?#]+\/)[^/?#]+/])
    const error = new Error(`fetch https://api.example/v1?api_key=k123&page=2 failed`)
    const parts = recordParts(
      line(
        {
          err: error,
          url: `/query/account/reset/employee/7/${code}?token=t1`,
          code: 'ERROR_INTERNAL',
          password: 'hunter2',
          pin: 1234n,
          request: {
            headers: { Authorization: 'Bearer abc', cookie: 'sw_session=xyz', accept: 'json' },
            body: { device: 'd1', code, list: [{ deeper: { secret: 's' } }] },
          },
        },
        `reset failed for /block/employee/7/d1?code=${code}`,
        { plugin: 'account', token: 'from-bindings' },
      ),
      text,
    )
    const json = JSON.stringify(parts)
    for (const secret of [
      code,
      'hunter2',
      '1234',
      'abc',
      'xyz',
      'k123',
      't1',
      '"s"',
      'from-bindings',
    ])
      expect(json, secret).not.toContain(secret)
    expect(parts).toEqual([
      { kind: 'text', text: 'reset failed for /block/employee/7/d1?code=[REDACTED]' },
      {
        kind: 'error',
        name: 'Error',
        message: 'fetch https://api.example/v1?api_key=[REDACTED]&page=2 failed',
      },
      {
        kind: 'stack',
        text: expect.stringMatching(
          /^Error: fetch https:\/\/api\.example\/v1\?api_key=\[REDACTED\]&page=2 failed\n/,
        ),
      },
      {
        kind: 'context',
        values: {
          token: '[REDACTED]',
          url: '/query/account/reset/employee/7/[REDACTED]?token=[REDACTED]',
          code: 'ERROR_INTERNAL',
          password: '[REDACTED]',
          pin: '[REDACTED]',
        },
      },
      {
        kind: 'object',
        label: 'request',
        value: {
          headers: { Authorization: '[REDACTED]', cookie: '[REDACTED]', accept: 'json' },
          body: { device: 'd1', code: '[REDACTED]', list: [{ deeper: { secret: '[REDACTED]' } }] },
        },
      },
    ])
  })

  it('never throws on a value that cannot be read', () => {
    const hostile = {}
    Object.defineProperty(hostile, 'bad', {
      enumerable: true,
      get() {
        throw new Error('no')
      },
    })
    const parts = recordParts(line({ nested: hostile }, 'odd'))
    expect(parts[0]).toEqual({ kind: 'text', text: 'odd' })
    expect(JSON.stringify(parts)).toContain('could not be read')
  })

  it('keeps a message within the column, leaving out the largest parts first', () => {
    const big: LogPart[] = [
      { kind: 'text', text: 'kept' },
      { kind: 'object', value: { blob: 'y'.repeat(MAX_MESSAGE_CHARS) } },
    ]
    const json = messageJson(big)
    expect(json.length).toBeLessThanOrEqual(MAX_MESSAGE_CHARS)
    expect(JSON.parse(json)).toEqual([
      { kind: 'text', text: 'kept' },
      { kind: 'text', text: '(object left out: the line was too long)' },
    ])
  })

  it('names a copied line after its plugin, and by the actor it carries', () => {
    const row = serverRow(
      line({ actor: 'employee|7', account: 'customer|3' }, 'roles changed', { plugin: 'account' }),
    )
    expect(row).toMatchObject({
      source: 'server',
      type: 'server',
      name: 'server.account',
      actor: 'employee|7',
      level: 50,
    })
    expect(JSON.parse(row.message)).toEqual([
      { kind: 'text', text: 'roles changed' },
      { kind: 'context', values: { account: 'customer|3' } },
    ])
    expect(serverRow(line({ actor: 'not an actor!' }, 'x'))).toMatchObject({
      name: 'server.kernel',
      actor: 'system',
    })
  })
})
