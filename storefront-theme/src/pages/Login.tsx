import { useState, type FormEvent } from 'react'
import { ADMIN_HOME } from '@shopwright/core/shared'
import { isQueryError, emailError, localNext, normalizeEmail } from '@shopwright/client'
import type { PageProps } from '@shopwright/storefront/shared'
import { useSession, useT } from '@shopwright/storefront/react'
import type { AccountPreview, LoginAnswer } from '@shopwright/plugin-account'
import { Form } from '../components/Form.js'
import { SignInField } from '../components/SignInField.js'
import { SubmitButton } from '../components/SubmitButton.js'
import { useBusyTask } from '../lib/busy-task.js'

/**
 * `/login` (docs/admin.md, "Getting in"): the e-mail, then the account's image and name with the
 * password, a Forgot Password link and Login. A reset-required account is warned and sent to its
 * reset screen. Staff sign in here too: the admin sends them with `?next=`, and with none they land
 * in the admin.
 */
export function Login({ props }: PageProps) {
  const { client } = useSession()
  const t = useT()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [preview, setPreview] = useState<AccountPreview | null>(null)
  const [error, setError] = useState<string | null>(null)
  const { busy, run, runThenLeave } = useBusyTask()

  const next = async (event: FormEvent) => {
    event.preventDefault()
    const problem = email ? emailError(normalizeEmail(email)) : 'ERROR_INPUT_VALUE_REQUIRED'
    setError(problem)
    if (problem) return
    await run(t('Unable to Login'), async () =>
      setPreview(
        await client.post<AccountPreview>('/account/login', { email: normalizeEmail(email) }),
      ),
    )
  }

  const login = async (event: FormEvent) => {
    event.preventDefault()
    if (!preview) return
    setError(password ? null : 'ERROR_PASSWORD_VALUE_REQUIRED')
    if (!password) return
    await runThenLeave(
      t('Unable to Login'),
      async () => {
        const answer = await client.post<LoginAnswer>('/account/login', {
          email: preview.email,
          password,
        })
        // A full load: the new session shows in the header, rendered by the server. With no
        // `next`, staff (view on the admin gate) land in the admin, shoppers on the home page.
        window.location.assign(
          props.next ? localNext(props.next) : answer.admin ? ADMIN_HOME : localNext(null),
        )
      },
      (failure) => {
        if (isQueryError(failure) && failure.code === 'ERROR_ACCOUNT_RESET_REQUIRED')
          window.location.assign(`/reset/${preview.type}/${preview.id}`)
      },
    )
  }

  return (
    <section className="sw-form-page">
      <h1>{t('Login')}</h1>
      {preview === null ? (
        <Form onSubmit={next}>
          <SignInField
            kind="email"
            value={email}
            onValue={setEmail}
            error={error}
            testId="login-email"
          />
          <SubmitButton disabled={busy} testId="login-next">
            {t('Next')}
          </SubmitButton>
          <p className="sw-form-aside">
            {t('New here?')}{' '}
            <a href="/register" data-testid="login-register">
              {t('Create an account')}
            </a>
          </p>
        </Form>
      ) : (
        <Form onSubmit={login}>
          <div className="sw-login-account">
            <img
              src={`/query/account/image/get/${preview.type}/${preview.id}`}
              alt=""
              width={64}
              height={64}
            />
            <strong>{preview.name}</strong>
          </div>
          <SignInField
            kind="password"
            value={password}
            onValue={setPassword}
            error={error}
            testId="login-password"
          />
          <div className="sw-form-actions">
            <a href={`/reset/${preview.type}/${preview.id}`} data-testid="forgot-password">
              {t('Forgot Password')}
            </a>
            <SubmitButton disabled={busy} testId="login-submit">
              {t('Login')}
            </SubmitButton>
          </div>
        </Form>
      )}
    </section>
  )
}
