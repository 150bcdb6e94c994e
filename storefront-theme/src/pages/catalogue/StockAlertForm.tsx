import { useState, type FormEvent } from 'react'
import { emailError, normalizeEmail } from '@shopwright/core/shared'
import { useSession, useT } from '@shopwright/storefront/react'
import { mdiBellOutline, mdiCheckCircle } from '@mdi/js'
import { useAlert } from '../../components/Alert.js'
import { FieldError } from '../../components/FieldError.js'
import { Form } from '../../components/Form.js'
import { Icon } from '../../components/Icon.js'

/**
 * Under an item (or an option of it) that is out of stock: the shopper leaves an e-mail to be
 * told once it is back (plugins/commerce/README.md, "Back-in-stock e-mails"). A signed-in
 * customer is told at their own address, with one click. Give it a `key` of the item so that
 * another option starts afresh.
 */
export function StockAlertForm({ item }: { item: string }) {
  const t = useT()
  const alert = useAlert()
  const { client, account } = useSession()
  const [email, setEmail] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
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
    setBusy(true)
    try {
      await client.post('/stock/alert', account ? { item } : { item, email: typed })
      setDone(true)
    } catch (failure) {
      await alert(t('Unable to Save'), failure)
    } finally {
      setBusy(false)
    }
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
            <label className="sw-field">
              <span className="sw-visually-hidden">{t('Email')}</span>
              <input
                type="email"
                value={email}
                autoComplete="email"
                inputMode="email"
                placeholder={t('Email')}
                aria-invalid={problem ? true : undefined}
                onChange={(event) => {
                  setEmail(event.target.value)
                  setProblem(null)
                }}
                data-testid="stock-alert-email"
              />
              <FieldError code={problem} />
            </label>
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
