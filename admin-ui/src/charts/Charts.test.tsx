// @vitest-environment jsdom
import { cleanup, render, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { TranslateContext } from '../kit/i18n.js'
import { BarChart, type BarChartProps } from './BarChart.js'
import { PieChart } from './PieChart.js'

afterEach(cleanup)

const tableOf = (container: HTMLElement) => {
  const table = within(container).getByTestId('chart-table')
  return [...table.querySelectorAll('tr')].map((row) =>
    [...row.querySelectorAll('th,td')].map((cell) => cell.textContent),
  )
}

describe('BarChart', () => {
  const days = ['1', '2', '3']
  const series = [
    { name: 'New', values: [3, 0, 5] },
    { name: 'Returning', values: [1, 2, 4] },
  ]
  /** The chart of `days` by day: the two series, titled Sessions, unless `props` say otherwise. */
  const chart = (props: Partial<BarChartProps> = {}) => (
    <BarChart title="Sessions" categories={days} categoryHeading="Day" series={series} {...props} />
  )

  it('stacks the series per day, in the palette, on a stepped axis, 1000 by 300 by default', () => {
    const { container } = render(chart())
    const svg = container.querySelector('svg')!
    expect(svg.getAttribute('width')).toBe('1000')
    expect(svg.getAttribute('height')).toBe('300')
    expect(svg.getAttribute('aria-hidden')).toBe('true')
    // A zero value draws nothing: 5 bars for 6 values.
    const bars = [...svg.querySelectorAll('rect')]
    expect(bars).toHaveLength(5)
    expect(new Set(bars.map((bar) => bar.getAttribute('fill')))).toEqual(
      new Set(['#0055aa', '#ff5500']),
    )
    // Day 3 stacks to 9: the axis steps by 2 to 10.
    expect(
      [...svg.querySelectorAll('.sw-chart-tick text')].map((tick) => tick.textContent),
    ).toEqual(['0', '2', '4', '6', '8', '10'])
    // Stacked: the second series' bar on day 3 sits on top of the first's.
    const day3 = bars.filter((bar) => bar.getAttribute('x') === bars.at(-1)!.getAttribute('x'))
    const [low, high] = day3.sort(
      (a, b) => Number(b.getAttribute('y')) - Number(a.getAttribute('y')),
    )
    expect(Number(high!.getAttribute('y')) + Number(high!.getAttribute('height'))).toBeCloseTo(
      Number(low!.getAttribute('y')),
    )
    expect(container.querySelector('.sw-chart-key')!.textContent).toBe('NewReturning')
  })

  it('has the same figures in a table for screen readers', () => {
    const { container } = render(chart())
    expect(tableOf(container)).toEqual([
      ['Day', 'New', 'Returning'],
      ['1', '3', '1'],
      ['2', '0', '2'],
      ['3', '5', '4'],
    ])
    expect(within(container).getByTestId('chart-table').querySelector('caption')!.textContent).toBe(
      'Sessions',
    )
  })

  it('sets series side by side when not stacked, with no key for a single series', () => {
    const { container, rerender } = render(chart({ stacked: false }))
    const bars = [...container.querySelectorAll('rect')]
    expect(new Set(bars.map((bar) => bar.getAttribute('x'))).size).toBe(5)
    // Day 3's larger value is 5: the axis reaches 5.
    expect(container.querySelectorAll('.sw-chart-tick').length).toBe(6)
    rerender(chart({ series: [series[0]!] }))
    expect(container.querySelector('.sw-chart-key')).toBeNull()
  })

  it('steps an axis of amounts by fractions, so pennies still draw as bars', () => {
    const pennies = [{ name: 'Cost', values: [0.0002, 0.00005, 0] }]
    const { container } = render(chart({ title: 'Cost', series: pennies, integer: false }))
    const svg = container.querySelector('svg')!
    expect(
      [...svg.querySelectorAll('.sw-chart-tick text')].map((tick) => tick.textContent).at(-1),
    ).toBe((0.0002).toLocaleString())
    // The tallest bar reaches the top of the axis, not a sliver of a 0 to 1 one.
    const heights = [...svg.querySelectorAll('rect')].map((bar) =>
      Number(bar.getAttribute('height')),
    )
    expect(Math.max(...heights)).toBeGreaterThan(200)
    // Counts keep whole steps.
    cleanup()
    const counts = render(chart({ title: 'Cost', series: pennies }))
    expect(
      [...counts.container.querySelectorAll('.sw-chart-tick text')].map((tick) => tick.textContent),
    ).toEqual(['0', '1'])
  })

  it('draws an empty month from 0 to 1', () => {
    const { container } = render(chart({ series: [{ name: 'a', values: [] }] }))
    expect(container.querySelectorAll('rect')).toHaveLength(0)
    expect(
      [...container.querySelectorAll('.sw-chart-tick text')].map((t) => t.textContent),
    ).toEqual(['0', '1'])
  })
})

describe('PieChart', () => {
  it('labels only the slices above 3%, 500 by 300 by default, with every slice in its table', () => {
    const { container } = render(
      <PieChart
        title="Browsers"
        labelHeading="Browser"
        valueHeading="Sessions"
        slices={[
          { label: 'Chrome', value: 90 },
          { label: 'Firefox', value: 7 },
          { label: 'Lynx', value: 3 },
        ]}
      />,
    )
    const svg = container.querySelector('svg')!
    expect([svg.getAttribute('width'), svg.getAttribute('height')]).toEqual(['500', '300'])
    expect(svg.querySelectorAll('path')).toHaveLength(3)
    expect([...svg.querySelectorAll('text')].map((label) => label.textContent)).toEqual([
      'Chrome 90%',
      'Firefox 7%',
    ])
    expect(tableOf(container)).toEqual([
      ['Browser', 'Sessions', '%'],
      ['Chrome', '90', '90%'],
      ['Firefox', '7', '7%'],
      ['Lynx', '3', '3%'],
    ])
  })

  it('folds beyond 13 slices into a translated Other, in the grey', () => {
    const slices = Array.from({ length: 15 }, (_, index) => ({
      label: `s${index}`,
      value: 100 - index,
    }))
    const { container } = render(
      <TranslateContext.Provider value={(phrase) => (phrase === 'Other' ? 'Autre' : phrase)}>
        <PieChart title="T" labelHeading="L" valueHeading="V" slices={slices} />
      </TranslateContext.Provider>,
    )
    const paths = [...container.querySelectorAll('path')]
    expect(paths).toHaveLength(13)
    expect(paths.at(-1)!.getAttribute('fill')).toBe('#808080')
    expect(tableOf(container).at(-1)?.[0]).toBe('Autre')
  })
})
