import { useEffect, useState, type FormEvent } from 'react'
import { type Translate, emailError, normalizeEmail, passwordError } from '@shopwright/client'
import type { PageProps } from '@shopwright/storefront/shared'
import { useSession, useT } from '@shopwright/storefront/react'
import type { ResetEntity } from '@shopwright/plugin-account'
import { useAlert } from '../components/Alert.js'
import { Form } from '../components/Form.js'
import { SignInField } from '../components/SignInField.js'
import { PasswordHints } from '../components/PasswordHints.js'
import { SubmitButton } from '../components/SubmitButton.js'
import { TextField } from '../components/TextField.js'
import { useBusyTask } from '../lib/busy-task.js'

type Mode = 'resetpassword' | 'resetrequired'

/** The new password and its repeat, with their labels; test ids are `reset-{id}`. */
const passwordFields = (t: Translate) =>
  [
    { id: 'password', label: t('New Password') },
    { id: 'repeat', label: t('Repeat Password') },
  ] as const

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
  const { busy, run, runThenLeave } = useBusyTask()

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
    await runThenLeave(t('Unable to Send Email'), async () => {
      await client.post('/account/resetemail', { email: normalizeEmail(email) })
      window.location.assign('/login')
    })
  }

  const reset = async (event: FormEvent) => {
    event.preventDefault()
    setTried(true)
    if (passwordError(password)) return
    // The spec sends the request even when the two passwords differ; the warning stays shown.
    await run(t('Unable to Reset Password'), async () => {
      const answer = await client.post<{ resetrequired: boolean }>(
        `/account/reset/${encodeURIComponent(recordtype)}/${encodeURIComponent(id)}/${encodeURIComponent(code ?? '')}`,
        { password },
      )
      if (answer.resetrequired) setMode('resetrequired')
      else window.location.assign('/login')
    })
  }

  const errors: Record<string, string | null> = tried
    ? {
        email: email ? emailError(normalizeEmail(email)) : 'ERROR_INPUT_VALUE_REQUIRED',
        password: passwordError(password),
        repeat: password === repeat ? null : 'ERROR_PASSWORDS_DO_NOT_MATCH',
      }
    : {}
  return (
    <section className="sw-form-page">
      <h1>{t('Reset Password')}</h1>
      {entity?.name ? <p className="sw-muted">{entity.name}</p> : null}
      {mode === 'resetrequired' ? (
        <Form onSubmit={sendEmail} data-testid="reset-request">
          <SignInField
            kind="email"
            value={email}
            onValue={setEmail}
            error={errors.email}
            testId="reset-email"
          />
          <SubmitButton disabled={busy} testId="reset-send">
            {t('Send Reset Email')}
          </SubmitButton>
        </Form>
      ) : (
        <Form onSubmit={reset} data-testid="reset-set">
          {passwordFields(t).map(({ id, label }) => (
            <TextField
              key={id}
              label={label}
              error={errors[id]}
              type="password"
              autoComplete="new-password"
              value={id === 'password' ? password : repeat}
              onValue={id === 'password' ? setPassword : setRepeat}
              data-testid={`reset-${id}`}
            />
          ))}
          <PasswordHints password={password} />
          <SubmitButton disabled={busy} testId="reset-submit">
            {t('Reset Password')}
          </SubmitButton>
        </Form>
      )}
    </section>
  )
}
