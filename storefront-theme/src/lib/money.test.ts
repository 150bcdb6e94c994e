// @vitest-environment jsdom
import { createElement, type ReactNode } from 'react'
import { renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { SiteContext } from '../components/site.js'
import { sampleSite } from '../test/harness.js'
import { useMoney } from './money.js'

/** The money writers of the sample company's site (USD and EUR). */
function money() {
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(SiteContext.Provider, { value: sampleSite() }, children)
  return renderHook(() => useMoney(), { wrapper }).result.current
}

describe('amounts in minor units', () => {
  it("writes them in the currency's style", () => {
    const { minor } = money()
    expect(minor(19440, 'usd')).toBe('$194.40')
    expect(minor(123456, 'usd')).toBe('$1,234.56')
    expect(minor(123456, 'eur')).toBe('€1.234,56')
    expect(minor(0, 'eur')).toBe('€0,00')
  })

  it('writes nothing for -1, "no price" (spec 001 section 9)', () => {
    expect(money().minor(-1, 'usd')).toBe('')
  })

  it('writes a currency the site does not list with its code', () => {
    expect(money().minor(500, 'gbp')).toBe('GBP\u00a05.00')
  })
})
