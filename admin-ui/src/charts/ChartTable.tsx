/**
 * The table behind a chart: the same figures as rows and columns, visually hidden, so a screen
 * reader reads the data the picture shows (the picture itself is hidden from it). Hidden by a
 * wrapper: a table box grows to its content whatever its own width, and would widen the page.
 */
export function ChartTable(props: {
  caption: string
  headings: readonly string[]
  rows: ReadonlyArray<readonly string[]>
}) {
  return (
    <div className="sw-visually-hidden">
      <table data-testid="chart-table">
        <caption>{props.caption}</caption>
        <thead>
          <tr>
            {props.headings.map((heading, index) => (
              <th key={index} scope="col">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row, rowIndex) => (
            <tr key={rowIndex}>
              {row.map((cell, index) =>
                index === 0 ? (
                  <th key={index} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={index}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
