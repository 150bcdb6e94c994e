// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { answers } from '../test/answers.js'
import { renderPage, type Call } from '../test/harness.js'
import { SearchBox, searchHref, searchTextOf } from './SearchBox.js'

afterEach(cleanup)

const suggestion = (id: string, displayname: string) => ({
  id,
  displayname,
  urlcomponent: id,
  storedisplaythumbnail: { url: `/query/drive/load/public/catalogue/${id}-1.webp` },
})

const CATALOGUE = [
  suggestion('classic-tee', 'Classic Tee'),
  suggestion('linen-tea-towel', 'Linen Tea Towel'),
  suggestion('tea-kettle', 'Tea Kettle'),
]

/** The suggest call, answering the catalogue's names that every word of `q` starts a word of. */
const suggest = (call: Call) => {
  const q = new URL(call.path, 'http://shop.test').searchParams.get('q') ?? ''
  const words = q.toLowerCase().split(/\s+/).filter(Boolean)
  return {
    body: {
      data: CATALOGUE.filter((item) =>
        words.every((word) =>
          item.displayname
            .toLowerCase()
            .split(' ')
            .some((each) => each.startsWith(word)),
        ),
      ),
    },
  }
}

function box(href = '/') {
  return renderPage(<SearchBox id="sw-search" className="sw-header-search" />, {
    href,
    routes: { 'GET /ns/search/suggest': suggest },
  })
}

/** Types `text` in the box as a shopper would: focus, then the new value. */
function type(text: string) {
  const input = screen.getByRole('combobox')
  fireEvent.focus(input)
  fireEvent.change(input, { target: { value: text } })
  return input as HTMLInputElement
}

const names = () => screen.queryAllByTestId('search-suggestion').map((option) => option.textContent)

describe('the search box', () => {
  it('is a GET form of /search?q= that works before and without the code', () => {
    const { container } = box('/search?q=blue+tee')
    const form = container.querySelector('form')!
    expect(form.getAttribute('action')).toBe('/search')
    expect(form.getAttribute('method')).toBe('get')
    expect(form.getAttribute('role')).toBe('search')
    const input = screen.getByRole('combobox') as HTMLInputElement
    expect(input.name).toBe('q')
    expect(input.value).toBe('blue tee')
    expect(input.maxLength).toBe(100)
  })

  it('writes and reads the search page addresses as a form does', () => {
    answers(searchHref, {
      '  blue tee ': '/search?q=blue+tee',
      'café & crème': '/search?q=caf%C3%A9+%26+cr%C3%A8me',
      '   ': '/search',
    })
    answers(searchTextOf, {
      '/search?q=caf%C3%A9+%26+cr%C3%A8me': 'café & crème',
      '/category/apparel?q=tee': '',
    })
  })

  it('suggests items from 2 letters, as a combobox and its listbox, each linking to its item', async () => {
    const { calls } = box()
    const input = type('t')
    expect(input.getAttribute('aria-expanded')).toBe('false')
    type('te')
    await waitFor(() => expect(names()).toEqual(['Classic Tee', 'Linen Tea Towel', 'Tea Kettle']))
    expect(calls.map((call) => call.path)).toEqual(['/ns/search/suggest?q=te'])
    expect(input.getAttribute('aria-expanded')).toBe('true')
    const list = screen.getByRole('listbox')
    expect(input.getAttribute('aria-controls')).toBe(list.id)
    const options = screen.getAllByRole('option')
    expect(options.map((option) => option.getAttribute('href'))).toEqual([
      '/item/classic-tee',
      '/item/linen-tea-towel',
      '/item/tea-kettle',
      '/search?q=te',
    ])
    expect(options.at(-1)!.textContent).toBe('Search for “te”')
    expect(options[0]!.querySelector('img')!.getAttribute('src')).toBe(
      '/query/drive/load/public/catalogue/classic-tee-1.webp?width=96',
    )
    expect(screen.getByRole('status').textContent).toBe('3 suggestions')
    // A longer text that only narrows a whole answer is filtered here: no new call.
    type('tea')
    expect(names()).toEqual(['Linen Tea Towel', 'Tea Kettle'])
    expect(calls).toHaveLength(1)
  })

  it('moves through the suggestions with Up and Down; Enter opens the one chosen', async () => {
    const { navigated } = box()
    const input = type('tea')
    await waitFor(() => expect(names()).toHaveLength(2))
    fireEvent.keyDown(input, { key: 'ArrowDown' })
    expect(input.getAttribute('aria-activedescendant')).toBe('sw-search-option-0')
    expect(screen.getAllByRole('option')[0]!.getAttribute('aria-selected')).toBe('true')
    fireEvent.keyDown(input, { key: 'ArrowDown' })
    fireEvent.keyDown(input, { key: 'ArrowDown' })
    expect(input.getAttribute('aria-activedescendant')).toBe('sw-search-option-2')
    // Past the end: back in the text, then up from there to the last.
    fireEvent.keyDown(input, { key: 'ArrowDown' })
    expect(input.getAttribute('aria-activedescendant')).toBeNull()
    fireEvent.keyDown(input, { key: 'ArrowUp' })
    expect(input.getAttribute('aria-activedescendant')).toBe('sw-search-option-2')
    fireEvent.keyDown(input, { key: 'ArrowUp' })
    fireEvent.keyDown(input, { key: 'Enter' })
    expect(navigated).toEqual(['/item/tea-kettle'])
  })

  it('searches on Enter without a suggestion chosen', async () => {
    const { navigated, container } = box()
    type('  tea kettle ')
    await waitFor(() => expect(names()).toEqual(['Tea Kettle']))
    fireEvent.submit(container.querySelector('form')!)
    expect(navigated).toEqual(['/search?q=tea+kettle'])
  })

  it('closes the list with Escape, then clears the text; leaving the box closes it', async () => {
    box()
    const input = type('tea')
    await waitFor(() => expect(names()).toHaveLength(2))
    fireEvent.keyDown(input, { key: 'Escape' })
    expect(input.getAttribute('aria-expanded')).toBe('false')
    expect(screen.getByRole('listbox', { hidden: true }).hidden).toBe(true)
    expect(input.value).toBe('tea')
    fireEvent.keyDown(input, { key: 'ArrowDown' })
    expect(input.getAttribute('aria-expanded')).toBe('true')
    fireEvent.blur(input)
    expect(input.getAttribute('aria-expanded')).toBe('false')
    fireEvent.keyDown(input, { key: 'Escape' })
    expect(input.value).toBe('')
  })

  it('shows no suggestions when they cannot load; the form still searches', async () => {
    const { calls } = renderPage(<SearchBox id="sw-search" className="sw-header-search" />, {
      routes: { 'GET /ns/search/suggest': { fail: new Error('offline') } },
    })
    const input = type('tea')
    await waitFor(() => expect(calls).toHaveLength(1))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(input.getAttribute('aria-expanded')).toBe('false')
    expect(names()).toEqual([])
  })
})
