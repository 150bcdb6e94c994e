import { arc, pie, type PieArcDatum } from 'd3-shape'
import { useT } from '../kit/i18n.js'
import { PIE_SIZE, colourAt, labelled, pieSlices, type Slice } from './chart-rules.js'
import { ChartFigure } from './ChartFigure.js'

export interface PieChartProps {
  /** What the chart shows, translated: its caption, and its table's. */
  title: string
  slices: readonly Slice[]
  /** The table's headings, translated ('Browser', 'Sessions'). */
  labelHeading: string
  valueHeading: string
  width?: number
  height?: number
  /** How values are written in the table (default: the locale's number). */
  format?: (value: number) => string
}

/** Room around the pie for the labels outside it. */
const LABEL_ROOM = 40

const percent = (share: number) => `${Math.round(share * 1000) / 10}%`

/**
 * A pie of the chart rules (chart-rules.ts), drawn as SVG: at most 13 slices (the smallest beyond
 * fold into "Other"), largest first in the palette's colours, each labelled with its name and share
 * only above 3% of the whole, and the table behind it (every slice, with its value and share) for
 * screen readers.
 */
export function PieChart(props: PieChartProps) {
  const t = useT()
  const { width = PIE_SIZE.width, height = PIE_SIZE.height } = props
  const format = props.format ?? ((value: number) => value.toLocaleString())
  const other = t('Other')
  const slices = pieSlices(props.slices, other)
  const total = slices.reduce((sum, slice) => sum + slice.value, 0)
  const radius = Math.max(10, Math.min(width / 2, height / 2) - LABEL_ROOM)
  const arcs = pie<Slice>()
    .value((slice) => slice.value)
    .sort(null)(slices)
  const shape = arc<PieArcDatum<Slice>>().innerRadius(0).outerRadius(radius)
  const labelAt = arc<PieArcDatum<Slice>>()
    .innerRadius(radius + 14)
    .outerRadius(radius + 14)
  return (
    <ChartFigure
      testId="pie-chart"
      title={props.title}
      size={{ width, height }}
      table={{
        headings: [props.labelHeading, props.valueHeading, '%'],
        rows: slices.map((slice) => [
          slice.label,
          format(slice.value),
          percent(total > 0 ? slice.value / total : 0),
        ]),
      }}
    >
      <g transform={`translate(${width / 2} ${height / 2})`}>
        {arcs.map((slice, index) => (
          <path
            key={index}
            d={shape(slice) ?? ''}
            fill={colourAt(index, slice.data.other === true)}
          />
        ))}
        {arcs.map((slice, index) => {
          if (!labelled(slice.data.value, total)) return null
          const [labelX, labelY] = labelAt.centroid(slice)
          return (
            <text
              key={index}
              className="sw-chart-label"
              x={labelX}
              y={labelY}
              dy="0.32em"
              textAnchor={labelX >= 0 ? 'start' : 'end'}
            >
              {`${slice.data.label} ${percent(slice.data.value / total)}`}
            </text>
          )
        })}
      </g>
    </ChartFigure>
  )
}
