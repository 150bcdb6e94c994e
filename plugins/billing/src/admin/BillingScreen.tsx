import './billing.css'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { useSearchParams } from 'react-router'
import { BarChart } from '@shopwright/admin-ui/charts'
import {
  Button,
  DataTable,
  ErrorView,
  MonthPicker,
  MONTH_PATTERN,
  monthOf,
  Placeholder,
  useClientApi,
  useLanguage,
  useT,
  type Column,
  type Translate,
  RefreshButton,
} from '@shopwright/admin-ui/kit'
import {
  BILLED_METERS,
  BILLING_CURRENCY,
  COST_DECIMALS,
  type BilledMeter,
  type BillingDetails,
  type BillingSummary,
} from '../shared/types.js'
import { billingApi, type BillingApi } from './billing-api.js'

/**
 * `/billing` (README, "The screen"): a month's usage and cost, `?month=YYYY-MM` (this month by
 * default), so Back, a reload and a shared link show the same month. The month picker changes the
 * address; the chart stacks each meter's cost by day, with a key; the table is the month per meter,
 * then the total.
 */
export default function BillingScreen() {
  const api = useClientApi(billingApi)
  return <Billing api={api} />
}

/** The screen over its call (the default export gives the real one); `now` for tests. */
export function Billing({ api, now = () => new Date() }: { api: BillingApi; now?: () => Date }) {
  const t = useT()
  const { language } = useLanguage()
  const [search, setSearch] = useSearchParams()
  const current = monthOf(now())
  const asked = search.get('month')
  // A month still to come shows this one, as the picker offers none.
  const month = asked && MONTH_PATTERN.test(asked) && asked <= current ? asked : current
  const [details, setDetails] = useState<BillingDetails | undefined>(undefined)
  const [error, setError] = useState<unknown>(undefined)
  const [round, setRound] = useState(0)

  useEffect(() => {
    let live = true
    setDetails(undefined)
    setError(undefined)
    api.details(month, month === current).then(
      (answer) => {
        if (live) setDetails(answer)
      },
      (failure: unknown) => {
        if (live) setError(failure)
      },
    )
    return () => {
      live = false
    }
  }, [api, month, current, round])

  const reload = useCallback(() => {
    api.forget()
    setRound((value) => value + 1)
  }, [api])

  const pick = (next: string) => {
    const changed = new URLSearchParams(search)
    if (next === current) changed.delete('month')
    else changed.set('month', next)
    setSearch(changed)
  }

  const money = useMemo(() => {
    const format = new Intl.NumberFormat(language, {
      style: 'currency',
      currency: BILLING_CURRENCY,
      minimumFractionDigits: 2,
      maximumFractionDigits: COST_DECIMALS,
    })
    return (value: number) => format.format(value)
  }, [language])
  const amount = useMemo(() => {
    const format = new Intl.NumberFormat(language, { maximumFractionDigits: 6 })
    return (value: number) => format.format(value)
  }, [language])

  const columns: Array<Column<BillingSummary>> = [
    {
      id: 'description',
      label: t('Description'),
      render: (line) => meterName(t, line.meter) ?? line.description,
    },
    {
      id: 'usage',
      label: t('Usage'),
      width: 180,
      render: (line) => <div className="billing-number">{amount(line.usage)}</div>,
    },
    {
      id: 'unit',
      label: t('Unit'),
      width: 140,
      render: (line) => unitName(t, line.unit) ?? line.unit,
    },
    {
      id: 'cost',
      label: t('Cost'),
      width: 160,
      render: (line) => (
        <div className="billing-number" data-testid="billing-cost">
          {money(line.cost)}
        </div>
      ),
    },
  ]

  const toolbar = (
    <div className="sw-toolbar billing-toolbar">
      <MonthPicker value={month} onChange={pick} max={current} />
      <RefreshButton onClick={reload} />
    </div>
  )

  let body
  if (error) {
    body = (
      <ErrorView title="ERROR_BILLING_NOT_AVAILABLE" error={error}>
        <Button icon="refresh" onClick={reload} data-testid="retry">
          {t('Try Again')}
        </Button>
      </ErrorView>
    )
  } else if (!details) {
    body = <Placeholder fill lines={6} />
  } else {
    body = <Month details={details} money={money} columns={columns} />
  }

  return (
    <section data-testid="billing">
      <h1>{t('Billing')}</h1>
      {toolbar}
      {body}
    </section>
  )
}

/** A loaded month: the note on today, the chart (or the empty text), the table and the total. */
function Month({
  details,
  money,
  columns,
}: {
  details: BillingDetails
  money: (value: number) => string
  columns: Array<Column<BillingSummary>>
}) {
  const t = useT()
  const used = BILLED_METERS.filter((meter) => details.list.some((each) => each.meter === meter))
  const index = new Map(details.days.map((day, at) => [day, at]))
  const series = used.map((meter) => {
    const values = details.days.map(() => 0)
    for (const record of details.list)
      if (record.meter === meter) values[index.get(record.date)!]! += record.cost
    return { name: meterName(t, meter) ?? meter, values }
  })
  return (
    <>
      <p className="sw-muted billing-note">
        {t('Prices in GBP.')}{' '}
        {details.today ? t('Today’s figures so far, updated every few seconds.') : null}
      </p>
      {used.length === 0 ? (
        <p className="billing-note" data-testid="billing-empty">
          {t('No usage this month.')}
        </p>
      ) : (
        <div className="billing-chart">
          <BarChart
            title={t('Cost by day')}
            categories={details.days.map((day) => String(Number(day.slice(8))))}
            categoryHeading={t('Day')}
            series={series}
            stacked
            integer={false}
            format={money}
          />
        </div>
      )}
      <DataTable rows={details.summary} columns={columns} rowKey="meter" testId="billing-table" />
      <p className="billing-total" data-testid="billing-total">
        <span>{t('Total')}</span>
        <span data-testid="billing-total-amount">{money(details.total)}</span>
      </p>
    </>
  )
}

/** What a names-table holds for `key`; undefined for a key it does not have. */
const nameIn = (names: Record<string, string>, key: string) =>
  Object.hasOwn(names, key) ? names[key] : undefined

/** A meter as the screen names it; undefined for one this screen does not know. */
function meterName(t: Translate, meter: BilledMeter | string): string | undefined {
  return nameIn(
    {
      requests: t('Requests'),
      bytes: t('Bytes sent'),
      'drive.byteseconds': t('Drive storage'),
      database: t('Database'),
      sessions: t('Visitor sessions'),
      emails: t('E-mails sent'),
      'translation.characters': t('Machine translation'),
    },
    meter,
  )
}

/** A usage unit in the admin's language; undefined for one this screen does not know. */
function unitName(t: Translate, unit: string): string | undefined {
  return nameIn(
    {
      requests: t('requests'),
      GB: t('GB'),
      'GB-month': t('GB-month'),
      sessions: t('sessions'),
      'e-mails': t('e-mails'),
      characters: t('characters'),
    },
    unit,
  )
}
