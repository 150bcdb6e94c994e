// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DialogProvider, englishOnly } from '@shopwright/admin-ui/kit'
import { propertiesOf, ValueProperties } from './ValueProperties.js'

afterEach(cleanup)

describe("a list value's properties", () => {
  it('turn form rows into typed properties, and say what is wrong with bad ones', () => {
    expect(
      propertiesOf(
        [
          { key: 'symbol', kind: 'text', text: '$' },
          { key: 'digits', kind: 'number', text: '2' },
          { key: 'active', kind: 'boolean', text: 'true' },
          { key: 'menu', kind: 'json', text: '[{"id":"a"}]' },
        ],
        englishOnly,
      ),
    ).toEqual({ properties: { symbol: '$', digits: 2, active: true, menu: [{ id: 'a' }] } })
    const problem = (rows: Parameters<typeof propertiesOf>[0]) =>
      (propertiesOf(rows, englishOnly) as { problem?: string }).problem
    expect(problem([{ key: ' ', kind: 'text', text: 'x' }])).toBe('Every property needs a name.')
    expect(problem([{ key: 'id', kind: 'text', text: 'x' }])).toBe(
      'Id and name are edited in the table.',
    )
    expect(problem([{ key: '__proto__', kind: 'text', text: 'x' }])).toBe(
      'Id and name are edited in the table.',
    )
    expect(
      problem([
        { key: 'a', kind: 'text', text: '1' },
        { key: 'a', kind: 'text', text: '2' },
      ]),
    ).toBe('Two properties have the same name.')
    expect(problem([{ key: 'n', kind: 'number', text: 'ten' }])).toBe(
      'A number property needs a number.',
    )
    expect(problem([{ key: 'j', kind: 'json', text: '{' }])).toBe(
      'A JSON property needs valid JSON.',
    )
  })

  it('are edited in a form dialog, and switch to JSON and back without losing any', async () => {
    const onChange = vi.fn()
    render(
      <DialogProvider>
        <ValueProperties properties={{ symbol: '$' }} index={0} onChange={onChange} />
      </DialogProvider>,
    )
    expect(screen.getByText('symbol: $')).toBeTruthy()
    fireEvent.click(screen.getByTestId('list-properties-0'))
    fireEvent.click(await screen.findByTestId('property-add'))
    fireEvent.change(screen.getByTestId('property-key-1'), { target: { value: 'code' } })
    fireEvent.change(screen.getByTestId('property-value-1'), { target: { value: 'usd' } })
    fireEvent.click(screen.getByTestId('properties-json-toggle'))
    expect(
      JSON.parse((screen.getByTestId('properties-json') as HTMLTextAreaElement).value),
    ).toEqual({ symbol: '$', code: 'usd' })
    fireEvent.click(screen.getByTestId('properties-json-toggle'))
    await act(async () => {
      fireEvent.click(screen.getByTestId('properties-ok'))
    })
    expect(onChange).toHaveBeenCalledWith({ symbol: '$', code: 'usd' })
  })
})
