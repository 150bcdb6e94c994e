import { describe, expect, it } from 'vitest'
import type { RecordSectionProps } from '../kit/fields/record-sections.js'
import { recordSectionsOf, type AdminModule } from './index.js'

const Children = (props: RecordSectionProps) => props.record.id
const Reviews = (props: RecordSectionProps) => props.record.id

describe('the record form parts of the modules', () => {
  it('collects every module part by record type, in the modules order', () => {
    const modules: AdminModule[] = [
      { plugin: 'records' },
      { plugin: 'commerce', recordSections: { item: [{ tab: 'Options', Component: Children }] } },
      {
        plugin: 'reviews',
        recordSections: {
          item: [{ tab: 'Reviews', Component: Reviews }],
          webpage: [{ tab: 'Reviews', Component: Reviews }],
        },
      },
    ]
    expect(recordSectionsOf(modules)).toEqual({
      item: [
        { tab: 'Options', Component: Children },
        { tab: 'Reviews', Component: Reviews },
      ],
      webpage: [{ tab: 'Reviews', Component: Reviews }],
    })
    expect(recordSectionsOf([])).toEqual({})
  })

  it('keeps a type named like an object property a plain key', () => {
    const modules: AdminModule[] = [
      { plugin: 'odd', recordSections: { constructor: [{ tab: 'A', Component: Children }] } },
    ]
    const sections = recordSectionsOf(modules)
    expect(Object.hasOwn(sections, 'constructor')).toBe(true)
    expect(sections['constructor']).toEqual([{ tab: 'A', Component: Children }])
    expect(Object.hasOwn(recordSectionsOf([]), 'constructor')).toBe(false)
  })
})
