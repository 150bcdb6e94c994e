import type { ReactNode } from 'react'
import { ChartTable } from './ChartTable.js'

/**
 * What every chart is: a figure with its title, the picture (SVG of the given size, hidden from
 * screen readers), anything shown under it (a key), and the table behind it with the same figures.
 */
export function ChartFigure(props: {
  testId: string
  title: string
  /** The picture's size in px. */
  size: { width: number; height: number }
  /** The picture's SVG content. */
  children: ReactNode
  /** Shown under the picture (a bar chart's key). */
  below?: ReactNode
  table: { headings: readonly string[]; rows: ReadonlyArray<readonly string[]> }
}) {
  const { width, height } = props.size
  return (
    <figure className="sw-chart" data-testid={props.testId}>
      <figcaption className="sw-chart-title">{props.title}</figcaption>
      <svg
        className="sw-chart-picture"
        viewBox={`0 0 ${width} ${height}`}
        width={width}
        height={height}
        aria-hidden="true"
      >
        {props.children}
      </svg>
      {props.below}
      <ChartTable caption={props.title} {...props.table} />
    </figure>
  )
}
