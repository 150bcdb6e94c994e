import { useState, type FormEvent } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { emailError, isQueryError, localNext, normalizeEmail } from '@shopwright/core/shared'
import { Button } from '../kit/Button.js'
import { useDialogs } from '../kit/dialogs.js'
import { useT } from '../kit/i18n.js'
import { useClient } from './client.js'
import { useSession, type Account } from './session.js'
import './styles/login.css'

interface Preview {
  type: string
  id: string
  email: string
  name: string
}

/**
 * The spec's two-step sign-in (spec 000 sections 2 and 4): the e-mail, then the account's image and
 * name with the password. A reset-required account gets the warning and goes to its reset screen.
 */
export function LoginScreen() {
  const t = useT()
  const client = useClient()
  const dialogs = useDialogs()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const { refresh } = useSession()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [preview, setPreview] = useState<Preview | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const next = async (event: FormEvent) => {
    event.preventDefault()
    const problem = email ? emailError(normalizeEmail(email)) : 'ERROR_INPUT_VALUE_REQUIRED'
    setError(problem)
    if (problem) return
    setBusy(true)
    try {
      setPreview(await client.post<Preview>('/account/login', { email: normalizeEmail(email) }))
    } catch (failure) {
      await dialogs.error('Unable to Login', failure)
    } finally {
      setBusy(false)
    }
  }

  const login = async (event: FormEvent) => {
    event.preventDefault()
    if (!preview) return
    setError(password ? null : 'ERROR_PASSWORD_VALUE_REQUIRED')
    if (!password) return
    setBusy(true)
    try {
      await client.post<Account>('/account/login', { email: preview.email, password })
      await refresh()
      navigate(localNext(params.get('next')), { replace: true })
    } catch (failure) {
      if (isQueryError(failure) && failure.code === 'ERROR_ACCOUNT_RESET_REQUIRED') {
        await dialogs.alert(t('Unable to Login'), t('ERROR_ACCOUNT_RESET_REQUIRED'))
        window.location.assign(`/reset/${preview.type}/${preview.id}`)
        return
      }
      await dialogs.error('Unable to Login', failure)
    } finally {
      setBusy(false)
    }
  }

  return (
    <main className="sw-login">
      <h1>{t('Login')}</h1>
      {preview === null ? (
        <form onSubmit={next} noValidate>
          <label className="sw-field">
            <span className="sw-field-label">{t('Email')}</span>
            <input
              className="sw-input"
              type="email"
              name="email"
              autoComplete="username"
              autoFocus
              value={email}
              onChange={(event) => setEmail(event.target.value.toLowerCase())}
              data-testid="login-email"
            />
            <span className="sw-field-error" role={error ? 'alert' : undefined}>
              {error ? t(error) : null}
            </span>
          </label>
          <Button type="submit" variant="primary" disabled={busy} data-testid="login-next">
            {t('Next')}
          </Button>
        </form>
      ) : (
        <form onSubmit={login} noValidate>
          <div className="sw-login-account">
            <img
              src={client.url(`/account/image/get/${preview.type}/${preview.id}`)}
              alt=""
              width={64}
              height={64}
            />
            <div>
              <strong>{preview.name}</strong>
              <div className="sw-muted">{preview.email}</div>
            </div>
          </div>
          <label className="sw-field">
            <span className="sw-field-label">{t('Password')}</span>
            <input
              className="sw-input"
              type="password"
              name="password"
              autoComplete="current-password"
              autoFocus
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              data-testid="login-password"
            />
            <span className="sw-field-error" role={error ? 'alert' : undefined}>
              {error ? t(error) : null}
            </span>
          </label>
          <div className="sw-login-actions">
            <a href={`/reset/${preview.type}/${preview.id}`}>{t('Forgot Password')}</a>
            <Button type="submit" variant="primary" disabled={busy} data-testid="login-submit">
              {t('Login')}
            </Button>
          </div>
        </form>
      )}
    </main>
  )
}
