import { useState, type FormEvent } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { emailError, localNext, normalizeEmail } from '@shopwright/client'
import { ADMIN_HOME } from '@shopwright/core/shared'
import type { LoginPreview } from '../registry/index.js'
import { Button } from '../kit/Button.js'
import { useDialogs } from '../kit/dialogs.js'
import { useDocumentTitle } from '../kit/document-title.js'
import { useT } from '../kit/i18n.js'
import { useClient } from './client.js'
import { LoginField } from './LoginField.js'
import { loadPage } from './page-load.js'
import { useSession } from './session.js'
// The form's fields are the kit's: the first load has no panel yet that brings their styles.
import '../kit/styles/fields.css'
import './styles/login.css'

/**
 * The two-step sign-in (docs/admin.md, "Getting in"): the e-mail, then the account's image and name
 * with the password, both steps through the plugin that provides sign-in. An account that must
 * reset its password gets the provider's warning and goes to the provider's reset page.
 */
export function LoginScreen() {
  const t = useT()
  const client = useClient()
  const dialogs = useDialogs()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const { auth, signedIn } = useSession()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [preview, setPreview] = useState<LoginPreview | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  useDocumentTitle(t('Login'))

  const next = async (event: FormEvent) => {
    event.preventDefault()
    const problem = email ? emailError(normalizeEmail(email)) : 'ERROR_INPUT_VALUE_REQUIRED'
    setError(problem)
    if (problem) return
    setBusy(true)
    try {
      setPreview(await auth.preview(client, normalizeEmail(email)))
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
      const result = await auth.login(client, preview, password)
      if (result.status === 'reset-required') {
        await dialogs.error('Unable to Login', result.error)
        loadPage(result.resetUrl)
        return
      }
      signedIn(result.identity)
      // Staff who came here with no `next` land on the admin's data screen (docs/admin.md).
      const to = params.get('next')
      navigate(to ? localNext(to) : ADMIN_HOME, { replace: true })
    } catch (failure) {
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
          <LoginField
            kind="email"
            label={t('Email')}
            value={email}
            onValue={(typed) => setEmail(typed.toLowerCase())}
            error={error}
          />
          <Button type="submit" variant="primary" disabled={busy} data-testid="login-next">
            {t('Next')}
          </Button>
        </form>
      ) : (
        <form onSubmit={login} noValidate>
          <div className="sw-login-account">
            {preview.image ? <img src={preview.image} alt="" width={64} height={64} /> : null}
            <div>
              <strong>{preview.name}</strong>
              <div className="sw-muted">{preview.email}</div>
            </div>
          </div>
          <LoginField
            kind="password"
            label={t('Password')}
            value={password}
            onValue={setPassword}
            error={error}
          />
          <div className="sw-login-actions">
            {preview.resetUrl ? <a href={preview.resetUrl}>{t('Forgot Password')}</a> : null}
            <Button type="submit" variant="primary" disabled={busy} data-testid="login-submit">
              {t('Login')}
            </Button>
          </div>
        </form>
      )}
    </main>
  )
}
