import { describe, expect, it } from 'vitest'
import { definePlugin } from './plugin.js'
import { securityRecords } from './plugin-security.js'

describe('a plugin security table', () => {
  it('becomes security records with one entry of every flag per role', () => {
    expect(
      securityRecords({
        stock: { name: 'Stock', access: { all: ['view'], allmanagers: 'all', marketing: [] } },
      }),
    ).toEqual([
      {
        type: 'security',
        id: 'stock',
        name: 'Stock',
        access: [
          {
            id: 'all',
            role: 'all',
            view: true,
            edit: false,
            create: false,
            delete: false,
            publish: false,
          },
          {
            id: 'allmanagers',
            role: 'allmanagers',
            view: true,
            edit: true,
            create: true,
            delete: true,
            publish: true,
          },
          {
            id: 'marketing',
            role: 'marketing',
            view: false,
            edit: false,
            create: false,
            delete: false,
            publish: false,
          },
        ],
      },
    ])
  })

  it.each([
    ['an invalid id', { 'Bad Id': { name: 'x', access: {} } }],
    ['no name', { stock: { name: '', access: {} } }],
    ['an invalid role', { stock: { name: 'Stock', access: { '../x': ['view'] } } }],
    ['an unknown right', { stock: { name: 'Stock', access: { all: ['approve'] } } }],
  ])('stops a plugin whose table has %s', (_, security) => {
    expect(() => definePlugin({ name: 'p', security: security as never })).toThrow(
      expect.objectContaining({ code: 'SW_PLUGIN_INVALID' }),
    )
  })
})
