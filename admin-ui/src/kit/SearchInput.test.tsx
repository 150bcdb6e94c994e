// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SearchInput } from './SearchInput.js'

afterEach(cleanup)

describe('SearchInput', () => {
  it('is a search box named by its label, answering each change with the text', () => {
    const onSearch = vi.fn()
    render(<SearchInput label="Search icons" value="" onSearch={onSearch} data-testid="search" />)
    const box = screen.getByRole('searchbox', { name: 'Search icons' }) as HTMLInputElement
    expect(box.placeholder).toBe('Search icons')
    expect(box.dataset.testid).toBe('search')
    fireEvent.change(box, { target: { value: 'cart' } })
    expect(onSearch).toHaveBeenCalledWith('cart')
  })
})
