import { useEffect, useState, type FormEvent } from 'react'
import { emailError, normalizeEmail, passwordError, passwordHints } from '@shopwright/core/shared'
import type { PageProps } from '@shopwright/storefront/shared'
import { useSession, useT } from '@shopwright/storefront/react'
import type { ResetEntity } from '@shopwright/plugin-account'
import { useAlert } from '../components/Alert.js'
import { FieldError } from '../components/FieldError.js'
import { Form } from '../components/Form.js'

type Mode = 'resetpassword' | 'resetrequired'

/**
 * `/reset/:recordtype/:id[/:code]` (docs/security.md, "Password reset and device blocking"). With a
 * code it starts in set mode (New and Repeat Password, Reset Password); without, in request mode
 * (Send Reset Email). Once the account is loaded, an expired or wrong code switches to request
 * mode, an expired one with the ERROR_ACCOUNT_RESET_EXPIRED warning.
 */
export function Reset({ params }: PageProps) {
  const { client } = useSession()
  const alert = useAlert()
  const t = useT()
  const { recordtype = '', id = '', code } = params
  const [mode, setMode] = useState<Mode>(code ? 'resetpassword' : 'resetrequired')
  const [entity, setEntity] = useState<ResetEntity | null>(null)
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [repeat, setRepeat] = useState('')
  // Errors show once a form was sent, then follow what is typed.
  const [tried, setTried] = useState(false)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    const path = `/account/entity/${encodeURIComponent(recordtype)}/${encodeURIComponent(id)}${code ? `/${encodeURIComponent(code)}` : ''}`
    client.get<ResetEntity>(path).then(
      (loaded) => {
        setEntity(loaded)
        if (loaded.email) setEmail(loaded.email)
        if (code && (loaded.resetexpired || !loaded.validresetcode)) {
          setMode('resetrequired')
          if (loaded.resetexpired)
            void alert(t('Unable to Reset Password'), { code: 'ERROR_ACCOUNT_RESET_EXPIRED' })
        }
      },
      (failure: unknown) => void alert(t('Unable to Reset Password'), failure),
    )
    // Once per account and code: a language switch does not load the account again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, alert, recordtype, id, code])

  const sendEmail = async (event: FormEvent) => {
    event.preventDefault()
    setTried(true)
    if (!email || emailError(normalizeEmail(email))) return
    setBusy(true)
    try {
      await client.post('/account/resetemail', { email: normalizeEmail(email) })
      window.location.assign('/login')
    } catch (failure) {
      setBusy(false)
      await alert(t('Unable to Send Email'), failure)
    }
  }

  const reset = async (event: FormEvent) => {
    event.preventDefault()
    setTried(true)
    if (passwordError(password)) return
    // The spec sends the request even when the two passwords differ; the warning stays shown.
    setBusy(true)
    try {
      const answer = await client.post<{ resetrequired: boolean }>(
        `/account/reset/${encodeURIComponent(recordtype)}/${encodeURIComponent(id)}/${encodeURIComponent(code ?? '')}`,
        { password },
      )
      if (answer.resetrequired) setMode('resetrequired')
      else window.location.assign('/login')
    } catch (failure) {
      await alert(t('Unable to Reset Password'), failure)
    } finally {
      setBusy(false)
    }
  }

  const errors: Record<string, string | null> = tried
    ? {
        email: email ? emailError(normalizeEmail(email)) : 'ERROR_INPUT_VALUE_REQUIRED',
        password: passwordError(password),
        repeat: password === repeat ? null : 'ERROR_PASSWORDS_DO_NOT_MATCH',
      }
    : {}
  const hints = password ? passwordHints(password) : []
  return (
    <section className="sw-form-page">
      <h1>{t('Reset Password')}</h1>
      {entity?.name ? <p className="sw-muted">{entity.name}</p> : null}
      {mode === 'resetrequired' ? (
        <Form onSubmit={sendEmail} data-testid="reset-request">
          <label className="sw-field">
            <span>{t('Email')}</span>
            <input
              type="email"
              value={email}
              autoComplete="username"
              onChange={(event) => setEmail(event.target.value.toLowerCase())}
              data-testid="reset-email"
            />
            <FieldError code={errors.email} />
          </label>
          <button
            type="submit"
            className="sw-button sw-button-primary"
            disabled={busy}
            data-testid="reset-send"
          >
            {t('Send Reset Email')}
          </button>
        </Form>
      ) : (
        <Form onSubmit={reset} data-testid="reset-set">
          <label className="sw-field">
            <span>{t('New Password')}</span>
            <input
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              data-testid="reset-password"
            />
            <FieldError code={errors.password} />
          </label>
          <label className="sw-field">
            <span>{t('Repeat Password')}</span>
            <input
              type="password"
              autoComplete="new-password"
              value={repeat}
              onChange={(event) => setRepeat(event.target.value)}
              data-testid="reset-repeat"
            />
            <FieldError code={errors.repeat} />
          </label>
          <ul className="sw-hints" aria-label={t('Password hints')}>
            {hints.map((hint) => (
              <li key={hint}>{t(hint)}</li>
            ))}
          </ul>
          <button
            type="submit"
            className="sw-button sw-button-primary"
            disabled={busy}
            data-testid="reset-submit"
          >
            {t('Reset Password')}
          </button>
        </Form>
      )}
    </section>
  )
}
