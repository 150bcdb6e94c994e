import { useEffect, useState, type FormEvent } from 'react'
import {
  isQueryError,
  type Translate,
  emailError,
  normalizeEmail,
  passwordError,
} from '@shopwright/client'
import { useSession, useT } from '@shopwright/storefront/react'
import { useAlert } from '../components/Alert.js'
import { Checkbox } from '../components/Checkbox.js'
import { FieldError } from '../components/FieldError.js'
import { Form } from '../components/Form.js'
import { PasswordHints } from '../components/PasswordHints.js'
import { SubmitButton } from '../components/SubmitButton.js'
import { TextField } from '../components/TextField.js'

interface SignupForm {
  mode: 'open' | 'verify' | 'off'
  ticket: string | null
}

type Errors = Partial<Record<'name' | 'email' | 'password' | 'consent', string | null>>

/** What the shopper types, one entry a field. */
interface Typed {
  name: string
  email: string
  password: string
}

/** The typed fields, in order, with their inputs' attributes; test ids are `register-{id}`. */
const typedFields = (t: Translate) =>
  [
    { id: 'name', label: t('Name'), autoComplete: 'name', maxLength: 100 },
    { id: 'email', label: t('Email'), type: 'email', autoComplete: 'email', maxLength: 254 },
    {
      id: 'password',
      label: t('Password'),
      type: 'password',
      autoComplete: 'new-password',
      maxLength: 1024,
    },
  ] as const

/**
 * `/register`: a shopper makes an account (docs/security.md, "Sign-up"). Name, e-mail, password
 * with the reset screen's hints, and the consent line; then "check your e-mail", whatever the
 * address, since the server answers alike for one that has an account. The hidden `website` field
 * is the bot trap: people never see it, scripts fill it. The form's ticket (the time it was shown)
 * is fetched when the page appears, never rendered into a page a cache could keep.
 */
export function Register() {
  const { client } = useSession()
  const alert = useAlert()
  const t = useT()
  const [form, setForm] = useState<SignupForm | null>(null)
  const [typed, setTyped] = useState<Typed>({ name: '', email: '', password: '' })
  const { name, email, password } = typed
  const [consent, setConsent] = useState(false)
  const [website, setWebsite] = useState('')
  const [errors, setErrors] = useState<Errors>({})
  const [busy, setBusy] = useState(false)
  const [sentTo, setSentTo] = useState<string | null>(null)

  useEffect(() => {
    client.get<SignupForm>('/account/signup').then(setForm, (failure: unknown) => {
      void alert(t('Error'), failure)
    })
  }, [client, alert, t])

  const submit = async (event: FormEvent, retried = false) => {
    event.preventDefault()
    const address = normalizeEmail(email)
    const found: Errors = {
      name: name.trim() ? null : 'ERROR_INPUT_VALUE_REQUIRED',
      email: address ? emailError(address) : 'ERROR_INPUT_VALUE_REQUIRED',
      password: passwordError(password),
      consent: consent ? null : 'ERROR_SIGNUP_CONSENT_REQUIRED',
    }
    setErrors(found)
    if (Object.values(found).some(Boolean) || !form?.ticket) return
    setBusy(true)
    try {
      await client.post('/account/register', {
        name: name.trim(),
        email: address,
        password,
        consent,
        ticket: form.ticket,
        ...(website ? { website } : {}),
      })
      setSentTo(address)
    } catch (failure) {
      // A person whose password manager filled the form in a second: sent again once the
      // server's least fill time has passed, without a word (docs/security.md, "Sign-up").
      if (!retried && isQueryError(failure) && failure.code === 'ERROR_SIGNUP_TOO_FAST') {
        await new Promise((resolve) => setTimeout(resolve, 2_000))
        await submit(event, true)
        return
      }
      // A form left open a day: a fresh ticket, and the shopper sends again.
      if (isQueryError(failure) && failure.code === 'ERROR_SIGNUP_FORM_EXPIRED')
        setForm(await client.get<SignupForm>('/account/signup'))
      await alert(t('Unable to create your account'), failure)
    } finally {
      setBusy(false)
    }
  }

  if (sentTo)
    return (
      <section className="sw-form-page" data-testid="register-sent">
        <h1>{t('Check your e-mail')}</h1>
        <p>{t('We sent a link to {0}. Open it to confirm your address and sign in.', sentTo)}</p>
        <p className="sw-muted">
          {t('Nothing after a few minutes? Look in your spam folder, or sign up again.')}
        </p>
        <a className="sw-button" href="/">
          {t('Continue shopping')}
        </a>
      </section>
    )

  if (form?.mode === 'off')
    return (
      <section className="sw-form-page" data-testid="register-closed">
        <h1>{t('Create an account')}</h1>
        <p>{t('ERROR_SIGNUP_CLOSED')}</p>
        <a href="/login">{t('Login')}</a>
      </section>
    )

  return (
    <section className="sw-form-page">
      <h1>{t('Create an account')}</h1>
      <Form onSubmit={(event) => void submit(event)} data-testid="register-form">
        {typedFields(t).map(({ id, ...input }) => (
          <TextField
            key={id}
            {...input}
            name={id}
            error={errors[id]}
            value={typed[id]}
            onValue={(value) => setTyped({ ...typed, [id]: value })}
            data-testid={`register-${id}`}
          />
        ))}
        <PasswordHints password={password} />
        {/* The bot trap: off-screen and out of the tab order; a person never fills it. */}
        <label className="sw-trap" aria-hidden="true">
          <span>Website</span>
          <input
            name="website"
            tabIndex={-1}
            autoComplete="off"
            value={website}
            onChange={(event) => setWebsite(event.target.value)}
          />
        </label>
        <Checkbox checked={consent} onChecked={setConsent} testId="register-consent">
          <span>
            {t(
              'I agree that the shop keeps my name and e-mail address to run my account and my orders, as its privacy policy says.',
            )}
          </span>
        </Checkbox>
        <FieldError code={errors.consent} />
        <div className="sw-form-actions">
          <a href="/login">{t('I already have an account')}</a>
          <SubmitButton disabled={busy || !form} testId="register-submit">
            {t('Create account')}
          </SubmitButton>
        </div>
      </Form>
    </section>
  )
}
