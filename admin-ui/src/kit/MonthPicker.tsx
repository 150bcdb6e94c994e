import { addMonths, monthOf } from '@shopwright/core/shared'
import { Button } from './Button.js'
import { useLanguage, useT } from './i18n.js'

// The calendar is core's (core/src/shared/calendar.ts): the server's months are these.
export { MONTH_PATTERN, addMonths, monthOf } from '@shopwright/core/shared'

export interface MonthPickerProps {
  /** The month shown, `YYYY-MM`. */
  value: string
  onChange(month: string): void
  /** The first month offered (default: ten years before `max`). */
  min?: string
  /** The last month offered (default: this month). */
  max?: string
}

/**
 * Picks a month: the previous and next month with the arrows, or any month by its name and year
 * (two native selects, which every browser and screen reader knows). Month names are written in
 * the admin's language. Months outside min to max are not offered.
 */
export function MonthPicker({ value, onChange, min, max }: MonthPickerProps) {
  const t = useT()
  const { language } = useLanguage()
  const last = max ?? monthOf(new Date())
  const first = min ?? `${Number(last.slice(0, 4)) - 10}-01`
  const year = Number(value.slice(0, 4))
  const names = new Intl.DateTimeFormat(language, { month: 'long', timeZone: 'UTC' })
  const months = Array.from({ length: 12 }, (_, index) => ({
    month: `${year}-${String(index + 1).padStart(2, '0')}`,
    name: names.format(Date.UTC(2000, index, 1)),
  }))
  const years: number[] = []
  for (let each = Number(first.slice(0, 4)); each <= Number(last.slice(0, 4)); each++)
    years.push(each)
  // Another year keeps the month, brought within the bounds.
  const inYear = (wanted: number) => {
    const month = `${wanted}-${value.slice(5)}`
    return month < first ? first : month > last ? last : month
  }
  return (
    <div className="sw-month-picker" role="group" aria-label={t('Month')}>
      <Button
        icon="chevron-left"
        aria-label={t('Previous month')}
        disabled={value <= first}
        onClick={() => onChange(addMonths(value, -1))}
      />
      <select
        aria-label={t('Month')}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {months.map(({ month, name }) => (
          <option key={month} value={month} disabled={month < first || month > last}>
            {name}
          </option>
        ))}
      </select>
      <select
        aria-label={t('Year')}
        value={year}
        onChange={(event) => onChange(inYear(Number(event.target.value)))}
      >
        {years.map((each) => (
          <option key={each} value={each}>
            {each}
          </option>
        ))}
      </select>
      <Button
        icon="chevron-right"
        aria-label={t('Next month')}
        disabled={value >= last}
        onClick={() => onChange(addMonths(value, 1))}
      />
    </div>
  )
}
