import './styles/grid.css'
import type { HTMLAttributes } from 'react'

/** The form grid's columns (docs/architecture.md, "Admin UI": the 24-column grid). */
export const GRID_COLUMNS = 24

/**
 * How much of a grid row a cell takes on a record screen: wide fields (recordlist, log, htmlx,
 * lists, translations) are wide, longtext is medium, the rest narrow.
 */
export type CellWidth = 'wide' | 'medium' | 'narrow'

/** Props of Grid: those of a div. */
export type GridProps = HTMLAttributes<HTMLDivElement>

/**
 * The 24-column responsive grid that lays out a record's field editors. Its cells size to the
 * grid's own width, not the window's: see Cell.
 */
export function Grid({ className, ...rest }: GridProps) {
  return <div className={className ? `sw-grid ${className}` : 'sw-grid'} {...rest} />
}

/** Props of Cell: those of a div, and its width. */
export interface CellProps extends HTMLAttributes<HTMLDivElement> {
  /** Narrow by default, as most fields are. */
  width?: CellWidth
}

/**
 * A cell of a Grid. Columns taken, by the grid's width:
 *
 * | width  | under 768 px | 768 px and over | 1200 px and over |
 * |--------|--------------|-----------------|------------------|
 * | wide   | 24           | 24              | 24               |
 * | medium | 24           | 12              | 12               |
 * | narrow | 24           | 12              | 8                |
 *
 * Decision: the breakpoints are container queries on the grid, not media queries on the window,
 * because the admin's menu and a dialog take width the window's size does not know about; a form
 * in a 600 px dialog on a wide screen still gets one field a row.
 */
export function Cell({ width = 'narrow', className, ...rest }: CellProps) {
  const classes = `sw-cell sw-cell-${width}${className ? ` ${className}` : ''}`
  return <div className={classes} data-width={width} {...rest} />
}
