import { scaleBand, scaleLinear } from 'd3-scale'
import { stack } from 'd3-shape'
import { BAR_SIZE, colourAt, yAxis } from './chart-rules.js'
import { ChartFigure } from './ChartFigure.js'

/** One series of bars: its name (shown in the key) and a value per category. */
export interface BarSeries {
  name: string
  values: readonly number[]
}

export interface BarChartProps {
  /** What the chart shows, translated: its caption, and its table's. */
  title: string
  /** The categories along the x-axis (days: '1' to '31'), in order. */
  categories: readonly string[]
  /** The heading of the categories in the table behind the chart, translated ('Day'). */
  categoryHeading: string
  series: readonly BarSeries[]
  /** Several series stack (the default) or stand side by side. */
  stacked?: boolean
  width?: number
  height?: number
  /** How values are written on the axis and in the table (default: the locale's number). */
  format?: (value: number) => string
  /**
   * Counts (the default) step the axis by whole numbers; amounts (money) may step by fractions, so
   * a month of pennies still draws bars rather than slivers under a 0 to 1 axis.
   */
  integer?: boolean
}

const MARGIN = { top: 8, right: 8, bottom: 24, left: 56 }
/** The narrowest room for an x label before labels are thinned out. */
const LABEL_ROOM = 22

/**
 * A bar chart of the chart rules (chart-rules.ts), drawn as SVG: bars per category, several series
 * stacked (or side by side) in the palette's colours with a key, a y-axis stepped 1, 2, 2.5, 3, 4,
 * 5 times a power of ten, and the table behind it for screen readers.
 */
export function BarChart(props: BarChartProps) {
  const { categories, series, width = BAR_SIZE.width, height = BAR_SIZE.height } = props
  const format = props.format ?? ((value: number) => value.toLocaleString())
  const stacked = props.stacked ?? true
  const valueAt = (serie: BarSeries, index: number) => Math.max(0, serie.values[index] ?? 0)
  const rows = categories.map((_, index) => series.map((serie) => valueAt(serie, index)))
  const max = Math.max(
    0,
    ...rows.map((row) => (stacked ? row.reduce((sum, value) => sum + value, 0) : Math.max(...row))),
  )
  const axis = yAxis(max, { integer: props.integer ?? true })
  const x = scaleBand<number>()
    .domain(categories.map((_, index) => index))
    .range([MARGIN.left, width - MARGIN.right])
    .padding(0.2)
  const y = scaleLinear()
    .domain([0, axis.top])
    .range([height - MARGIN.bottom, MARGIN.top])
  const every = Math.max(1, Math.ceil(LABEL_ROOM / Math.max(1, x.step())))
  const bars: Array<{
    key: string
    x: number
    y: number
    width: number
    height: number
    fill: string
  }> = []
  if (stacked) {
    const layers = stack<number[], number>()
      .keys(series.map((_, index) => index))
      .value((row, key) => row[key] ?? 0)(rows)
    layers.forEach((layer, serieIndex) =>
      layer.forEach(([low, high], index) => {
        if (high <= low) return
        bars.push({
          key: `${serieIndex}-${index}`,
          x: x(index) ?? 0,
          y: y(high),
          width: x.bandwidth(),
          height: y(low) - y(high),
          fill: colourAt(serieIndex),
        })
      }),
    )
  } else {
    const inner = scaleBand<number>()
      .domain(series.map((_, index) => index))
      .range([0, x.bandwidth()])
      .padding(0.05)
    rows.forEach((row, index) =>
      row.forEach((value, serieIndex) => {
        if (value <= 0) return
        bars.push({
          key: `${serieIndex}-${index}`,
          x: (x(index) ?? 0) + (inner(serieIndex) ?? 0),
          y: y(value),
          width: inner.bandwidth(),
          height: y(0) - y(value),
          fill: colourAt(serieIndex),
        })
      }),
    )
  }
  return (
    <ChartFigure
      testId="bar-chart"
      title={props.title}
      size={{ width, height }}
      below={
        series.length > 1 && (
          <ul className="sw-chart-key" aria-hidden="true">
            {series.map((serie, index) => (
              <li key={index}>
                <span className="sw-chart-swatch" style={{ background: colourAt(index) }} />
                {serie.name}
              </li>
            ))}
          </ul>
        )
      }
      table={{
        headings: [props.categoryHeading, ...series.map((serie) => serie.name)],
        rows: categories.map((category, index) => [
          category,
          ...series.map((serie) => format(valueAt(serie, index))),
        ]),
      }}
    >
      {axis.ticks.map((tick) => (
        <g key={tick} className="sw-chart-tick" transform={`translate(0 ${y(tick)})`}>
          <line x1={MARGIN.left} x2={width - MARGIN.right} />
          <text x={MARGIN.left - 6} dy="0.32em" textAnchor="end">
            {format(tick)}
          </text>
        </g>
      ))}
      {bars.map((bar) => (
        <rect
          key={bar.key}
          x={bar.x}
          y={bar.y}
          width={bar.width}
          height={bar.height}
          fill={bar.fill}
        />
      ))}
      {categories.map((category, index) =>
        index % every === 0 ? (
          <text
            key={index}
            className="sw-chart-category"
            x={(x(index) ?? 0) + x.bandwidth() / 2}
            y={height - MARGIN.bottom + 16}
            textAnchor="middle"
          >
            {category}
          </text>
        ) : null,
      )}
    </ChartFigure>
  )
}
