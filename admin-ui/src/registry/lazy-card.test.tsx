// @vitest-environment jsdom
import { render, screen } from '@testing-library/react'
import { lazy, Suspense } from 'react'
import { describe, expect, it } from 'vitest'
import { lazyCard, loaderOf } from './lazy-card.js'

const Card = () => <p>figures</p>

describe('a dashboard card loaded ahead', () => {
  it('fetches its code once, whether loaded ahead or drawn through Suspense', async () => {
    let fetched = 0
    const card = lazyCard(async () => {
      fetched++
      return { default: Card }
    })
    const load = loaderOf(card)!
    expect(await load()).toBe(Card)
    expect(await load()).toBe(Card)
    const Drawn = card
    render(
      <Suspense fallback={<p>loading</p>}>
        <Drawn />
      </Suspense>,
    )
    expect(await screen.findByText('figures')).toBeTruthy()
    expect(fetched).toBe(1)
  })

  it('is told from a plain lazy component, which has no loader', () => {
    expect(loaderOf(lazy(async () => ({ default: Card })))).toBeUndefined()
    expect(loaderOf(null)).toBeUndefined()
    expect(loaderOf({ load: 'no' })).toBeUndefined()
  })

  it('hands a failed load to whoever draws it', async () => {
    const card = lazyCard(() => Promise.reject(new Error('chunk gone')))
    await expect(loaderOf(card)!()).rejects.toThrow('chunk gone')
  })
})
