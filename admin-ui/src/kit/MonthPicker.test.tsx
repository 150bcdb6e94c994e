// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LanguageContext } from './i18n.js'
import { addMonths, MONTH_PATTERN, MonthPicker, monthOf } from './MonthPicker.js'

afterEach(cleanup)

describe('months', () => {
  it('writes and steps months as YYYY-MM across years', () => {
    expect(monthOf(new Date(Date.UTC(2026, 0, 31, 23)))).toBe('2026-01')
    expect(addMonths('2026-01', -1)).toBe('2025-12')
    expect(addMonths('2025-12', 1)).toBe('2026-01')
    expect(addMonths('2026-11', 14)).toBe('2028-01')
    expect(MONTH_PATTERN.test('2026-13')).toBe(false)
    expect(MONTH_PATTERN.test('2026-09')).toBe(true)
  })
})

describe('MonthPicker', () => {
  const pick = (value: string, bounds: { min?: string; max?: string } = {}) => {
    const onChange = vi.fn()
    render(<MonthPicker value={value} onChange={onChange} {...bounds} />)
    return onChange
  }

  it('steps to the previous and next month, never past its bounds', () => {
    const onChange = pick('2026-01', { min: '2025-06', max: '2026-02' })
    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }))
    fireEvent.click(screen.getByRole('button', { name: 'Next month' }))
    expect(onChange.mock.calls).toEqual([['2025-12'], ['2026-02']])
    cleanup()
    pick('2026-02', { min: '2026-02', max: '2026-02' })
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Next month' }).disabled).toBe(
      true,
    )
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Previous month' }).disabled).toBe(
      true,
    )
  })

  it('picks a month by name, and a year keeping the month within the bounds', () => {
    const onChange = pick('2026-03', { min: '2024-05', max: '2026-11' })
    const month = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Month' })
    expect(month.value).toBe('2026-03')
    expect([...month.options].filter((option) => option.disabled).map((o) => o.value)).toEqual([
      '2026-12',
    ])
    fireEvent.change(month, { target: { value: '2026-07' } })
    const year = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Year' })
    expect([...year.options].map((option) => option.value)).toEqual(['2024', '2025', '2026'])
    fireEvent.change(year, { target: { value: '2024' } })
    expect(onChange.mock.calls).toEqual([['2026-07'], ['2024-05']])
  })

  it('names the months in the admin language', () => {
    render(
      <LanguageContext.Provider value={{ language: 'fr', choose: () => Promise.resolve() }}>
        <MonthPicker value="2026-11" onChange={() => undefined} max="2026-11" />
      </LanguageContext.Provider>,
    )
    const month = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Month' })
    expect(month.selectedOptions[0]!.textContent).toBe('novembre')
  })
})
