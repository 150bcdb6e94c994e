import { useState, type FormEvent } from 'react'
import { emailError, normalizeEmail } from '@shopwright/client'
import { useSession, useT } from '@shopwright/storefront/react'
import { mdiBellOutline, mdiCheckCircle } from '@mdi/js'
import { Form } from '../../components/Form.js'
import { Icon } from '../../components/Icon.js'
import { TextField } from '../../components/TextField.js'
import { useBusyTask } from '../../lib/busy-task.js'

/**
 * Under an item (or an option of it) that is out of stock: the shopper leaves an e-mail to be
 * told once it is back (plugins/commerce/README.md, "Back-in-stock e-mails"). A signed-in
 * customer is told at their own address, with one click. Give it a `key` of the item so that
 * another option starts afresh.
 */
export function StockAlertForm({ item }: { item: string }) {
  const t = useT()
  const { client, account } = useSession()
  const [email, setEmail] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const { busy, run } = useBusyTask()
  const [done, setDone] = useState(false)

  if (done)
    return (
      <p
        className="sw-stock-alert sw-stock-alert-done"
        role="status"
        data-testid="stock-alert-done"
      >
        <Icon path={mdiCheckCircle} size={20} className="sw-success" />
        {t("We'll e-mail you once it is back in stock.")}
      </p>
    )

  const send = async (event: FormEvent) => {
    event.preventDefault()
    const typed = normalizeEmail(email)
    const invalid = account ? null : typed ? emailError(typed) : 'ERROR_INPUT_VALUE_REQUIRED'
    setProblem(invalid)
    if (invalid) return
    await run(t('Unable to Save'), async () => {
      await client.post('/stock/alert', account ? { item } : { item, email: typed })
      setDone(true)
    })
  }

  return (
    <div className="sw-stock-alert">
      <Form
        onSubmit={(event) => void send(event)}
        className="sw-stock-alert-form"
        data-testid="stock-alert"
      >
        <p className="sw-stock-alert-lead">{t('Get an e-mail when it is back in stock.')}</p>
        <div className="sw-stock-alert-row">
          {account ? null : (
            <TextField
              label={t('Email')}
              hiddenLabel
              error={problem}
              type="email"
              value={email}
              autoComplete="email"
              inputMode="email"
              placeholder={t('Email')}
              aria-invalid={problem ? true : undefined}
              onValue={(value) => {
                setEmail(value)
                setProblem(null)
              }}
              data-testid="stock-alert-email"
            />
          )}
          <button
            type="submit"
            className="sw-button"
            disabled={busy}
            data-testid="stock-alert-submit"
          >
            <Icon path={mdiBellOutline} size={18} />
            {t('Notify me')}
          </button>
        </div>
      </Form>
    </div>
  )
}
