import { describe, expect, it } from 'vitest'
import type { FieldDefinition } from '@shopwright/client'
import { differences } from './version-diff.js'

const fields: FieldDefinition[] = [
  { id: 'headline', name: 'Headline', datatype: 'text' },
  { id: 'content', name: 'Content', datatype: 'htmlx' },
  { id: 'price', name: 'Price', datatype: 'decimal' },
  { id: 'secret', name: 'Secret', datatype: 'password' },
]

describe('differences of two versions', () => {
  it('lists only changed fields, in the type’s order, then fields the type lost', () => {
    const answer = differences(
      fields,
      { price: 1, headline: 'A', gone: 'old', content: '<p>x</p>' },
      { price: 2, headline: 'A', content: '<p>x</p>' },
    )
    expect(answer.map((each) => [each.field, each.name])).toEqual([
      ['price', 'Price'],
      ['gone', 'gone'],
    ])
    expect(answer[0]).toMatchObject({ before: 1, after: 2 })
    expect(answer[0]).not.toHaveProperty('parts')
    expect(answer[1]).toMatchObject({ before: 'old', after: null })
  })

  it('never shows a password field’s values', () => {
    const [secret] = differences(fields, { secret: 'hunter2' }, { secret: 'hunter3' })
    expect(secret).toEqual({
      field: 'secret',
      name: 'Secret',
      datatype: 'password',
      before: null,
      after: null,
    })
  })

  it('reads rich text as its words: blocks, lists and tables, without tags or addresses', () => {
    const [content] = differences(
      fields,
      { content: '<h2>Hours</h2><ul><li>Mon</li></ul><p><a href="/x">Call</a> us</p>' },
      {
        content:
          '<h2>Hours</h2><ul><li>Mon</li><li>Tue</li></ul><p><a href="/y">Call</a> us</p><table><tr><td>9</td><td>5</td></tr></table><img src="/a.png" alt="A">',
      },
    )
    const text = content!.parts!.map((part) => part.value).join('')
    expect(text).not.toMatch(/[<>]|\/x|\/y|a\.png/)
    const added = content!.parts!.filter((part) => part.added).map((part) => part.value)
    expect(added.join(' ')).toContain('Tue')
    expect(added.join(' ')).toContain('9')
    expect(content!.parts!.some((part) => part.removed)).toBe(false)
  })

  it('marks removed and added words of plain text, and a field that appears from nothing', () => {
    const answer = differences(
      fields,
      { headline: 'Open every day' },
      { headline: 'Open on Sundays', content: '<p>New</p>' },
    )
    expect(answer[0]!.parts).toEqual([
      { value: 'Open ' },
      { value: 'every day', removed: true },
      { value: 'on Sundays', added: true },
    ])
    expect(answer[1]!.parts).toEqual([{ value: 'New', added: true }])
  })

  it('shows texts rewritten through and through whole, without pairing their words', () => {
    const words = (seed: number) =>
      Array.from({ length: 5000 }, (_, n) => `w${(n * seed) % 9973}`).join(' ')
    const [headline] = differences(fields, { headline: words(7) }, { headline: words(13) })
    expect(headline!.parts).toEqual([
      { value: words(7), removed: true },
      { value: words(13), added: true },
    ])
  })

  it('pairs the words of changed blocks only, and keeps the others whole', () => {
    const page = (changed: string) =>
      Array.from({ length: 50 }, (_, n) => `<p>Block ${n} ${n === 20 ? changed : 'same'}</p>`).join(
        '',
      )
    const [content] = differences(
      fields,
      { content: page('old words') },
      { content: page('new words') },
    )
    const parts = content!.parts!
    expect(parts.filter((part) => part.removed)).toEqual([{ value: 'old', removed: true }])
    expect(parts.filter((part) => part.added)).toEqual([{ value: 'new', added: true }])
    expect(parts.map((part) => part.value).join('')).toContain('Block 49 same')
  })
})
