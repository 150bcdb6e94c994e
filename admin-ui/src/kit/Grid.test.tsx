// @vitest-environment jsdom
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { Cell, GRID_COLUMNS, Grid } from './Grid.js'

afterEach(cleanup)

describe('Grid', () => {
  it('wraps cells of each width, narrow by default', () => {
    render(
      <Grid data-testid="form" className="sw-record-form">
        <Cell width="wide" data-testid="wide">
          log
        </Cell>
        <Cell width="medium" data-testid="medium">
          longtext
        </Cell>
        <Cell data-testid="narrow">id</Cell>
      </Grid>,
    )
    const grid = screen.getByTestId('form')
    expect(grid.className).toBe('sw-grid sw-record-form')
    expect(screen.getByTestId('wide').className).toBe('sw-cell sw-cell-wide')
    expect(screen.getByTestId('medium').className).toBe('sw-cell sw-cell-medium')
    expect(screen.getByTestId('narrow').className).toBe('sw-cell sw-cell-narrow')
    expect(screen.getByTestId('narrow').dataset.width).toBe('narrow')
    expect(screen.getByTestId('narrow').textContent).toBe('id')
    expect(grid.children).toHaveLength(3)
  })

  it('keeps a cell class given beside its own', () => {
    render(<Cell className="sw-field" data-testid="cell" />)
    expect(screen.getByTestId('cell').className).toBe('sw-cell sw-cell-narrow sw-field')
  })

  it("has the spec's 24 columns and the documented breakpoints in its CSS", () => {
    // jsdom lays nothing out, so the rules themselves are checked against the documented table.
    // A path, not new URL(): jsdom's URL class is not one node:fs accepts.
    const file = join(dirname(fileURLToPath(import.meta.url)), 'styles', 'grid.css')
    const css = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '')
    expect(GRID_COLUMNS).toBe(24)
    expect(css).toContain(`grid-template-columns: repeat(${GRID_COLUMNS}, minmax(0, 1fr))`)
    expect(css).toMatch(/\.sw-cell \{[^}]*grid-column: span 24;/)
    const at768 = css.match(/@container \(min-width: 768px\) \{([\s\S]*?)\}\s*\}/)![1]!
    expect(at768).toMatch(/\.sw-cell-medium,\s*\.sw-cell-narrow \{\s*grid-column: span 12;/)
    const at1200 = css.match(/@container \(min-width: 1200px\) \{([\s\S]*?)\}\s*\}/)![1]!
    expect(at1200).toMatch(/^\s*\.sw-cell-narrow \{\s*grid-column: span 8;\s*$/)
    expect(css).not.toContain('sw-cell-wide')
  })
})
