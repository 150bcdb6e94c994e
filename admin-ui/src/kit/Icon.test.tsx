// @vitest-environment jsdom
import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Icon } from './Icon.js'
import { ICONS } from './icons.js'

describe('Icon', () => {
  it('draws a known icon with its path', () => {
    const { container } = render(<Icon name="database" title="Data" />)
    const path = container.querySelector('path')!
    expect(path.getAttribute('d')).toBe(ICONS.database)
    expect(container.querySelector('svg')!.classList.contains('sw-icon-missing')).toBe(false)
    expect(container.querySelector('title')!.textContent).toBe('Data')
  })

  it('shows the red placeholder for a name outside the set', () => {
    const { container } = render(<Icon name="no-such-icon" />)
    expect(container.querySelector('svg')!.classList.contains('sw-icon-missing')).toBe(true)
    expect(container.querySelector('svg')!.getAttribute('aria-hidden')).toBe('true')
  })

  it('has every icon of the spec set', () => {
    for (const name of ['loading', 'alert-circle', 'trash', 'database-import', 'translate', 'xml'])
      expect(ICONS[name], name).toMatch(/^M/)
  })
})
