/**
 * Charts for admin panels (`@shopwright/admin-ui/charts`): bar and pie charts of spec 001's chart
 * rules, drawn as SVG with d3-scale and d3-shape, each with the table behind it for screen
 * readers. A separate entry from the kit, imported only by lazily loaded panels, so d3 never
 * enters the admin's first load.
 */
import './charts.css'

export { BarChart, type BarChartProps, type BarSeries } from './BarChart.js'
export { PieChart, type PieChartProps } from './PieChart.js'
export {
  BAR_SIZE,
  CHART_COLOURS,
  PALETTE,
  PIE_LABEL_SHARE,
  PIE_SIZE,
  labelled,
  pieSlices,
  yAxis,
  type Slice,
  type YAxis,
} from './chart-rules.js'
