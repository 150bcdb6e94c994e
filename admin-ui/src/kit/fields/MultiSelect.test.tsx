// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Choice } from './field-source.js'
import { MultiSelect, SHORT_LIST } from './MultiSelect.js'

const NAMES = ['Tuvalu', 'Türkiye', 'Tunisia', 'Uganda', 'Ukraine', 'France', 'Germany', 'Spain']
const many: Choice[] = [
  ...NAMES,
  ...Array.from({ length: SHORT_LIST }, (_, index) => `Zed ${index}`),
].map((name) => ({ key: name.toLowerCase(), label: name, value: name.toLowerCase() }))

let last: unknown
function Harness({ choices, start = [] }: { choices: Choice[]; start?: unknown[] }) {
  const [value, setValue] = useState<unknown>(start)
  last = value
  return <MultiSelect name="Countries" choices={choices} value={value} onChange={setValue} />
}

afterEach(cleanup)

describe('the multi-select', () => {
  it('keeps a short list as a row of checkboxes', () => {
    render(<Harness choices={many.slice(0, 3)} />)
    expect(screen.getAllByRole('checkbox')).toHaveLength(3)
    expect(screen.queryByTestId('multiselect-search')).toBeNull()
  })

  it('sorts a long list in the reader’s order and finds names without their accents', () => {
    render(<Harness choices={many} start={['france']} />)
    const labels = screen.getAllByRole('checkbox').map((box) => box.parentElement?.textContent)
    // Türkiye sorts with the Tu- names, before Tuvalu (a byte order puts it after every T).
    expect(labels.indexOf('Türkiye')).toBeLessThan(labels.indexOf('Tuvalu'))
    expect(screen.getByTestId('chosen').textContent).toBe('France')
    fireEvent.change(screen.getByTestId('multiselect-search'), { target: { value: 'turk' } })
    expect(screen.getAllByRole('checkbox').map((box) => box.parentElement?.textContent)).toEqual([
      'Türkiye',
    ])
    fireEvent.click(screen.getByRole('checkbox'))
    expect(last).toEqual(['france', 'türkiye'])
    // A chip takes its value off again.
    fireEvent.click(screen.getByRole('button', { name: 'Remove France' }))
    expect(last).toEqual(['türkiye'])
  })
})
