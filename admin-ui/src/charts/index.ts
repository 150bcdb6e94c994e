/**
 * Charts for admin panels (`@shopwright/admin-ui/charts`; docs/plugins.md, "Admin panels"): bar
 * and pie charts, drawn as SVG with d3-scale and d3-shape, each with the table behind it for screen
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
