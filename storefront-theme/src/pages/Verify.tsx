import { useEffect, useState } from 'react'
import { useSession, useT } from '@shopwright/storefront/react'
import { isQueryError } from '@shopwright/client'

/** What the confirmation answered, kept across the reload that shows the new session's header. */
const DONE_KEY = 'sw.verified'

interface Confirmed {
  email: string
  name: string
  signedin: boolean
}

type State =
  | { kind: 'waiting' }
  | { kind: 'ready'; code: string }
  | { kind: 'busy'; code: string }
  | { kind: 'done'; confirmed: Confirmed }
  | { kind: 'failed'; error: string }

/**
 * `/verify#code=`: the link of a sign-up's confirmation e-mail. The code rides in the fragment,
 * which browsers never send, so no log or tracker holds it; the page takes it out of the address
 * at once. One button confirms (a POST, so a mail scanner spends nothing). The server then signs
 * the shopper in, unless this browser is signed in to another account, and the page reloads once
 * so the header shows who is signed in.
 */
export function Verify() {
  const { client } = useSession()
  const t = useT()
  const [state, setState] = useState<State>({ kind: 'waiting' })

  useEffect(() => {
    const done = sessionStorage.getItem(DONE_KEY)
    if (done) {
      sessionStorage.removeItem(DONE_KEY)
      setState({ kind: 'done', confirmed: JSON.parse(done) as Confirmed })
    }
    const read = () => {
      const code = new URLSearchParams(window.location.hash.slice(1)).get('code') ?? ''
      if (window.location.hash) history.replaceState(null, '', window.location.pathname)
      if (code) setState({ kind: 'ready', code })
      else if (!done) setState({ kind: 'failed', error: 'ERROR_ACCOUNT_VERIFY_INVALID' })
    }
    read()
    // A link opened in this tab while the page shows (only the fragment changes: no new load).
    window.addEventListener('hashchange', read)
    return () => window.removeEventListener('hashchange', read)
  }, [])

  const confirm = async (code: string) => {
    setState({ kind: 'busy', code })
    try {
      const answer = await client.post<Confirmed>('/account/verify', { code })
      const confirmed = { email: answer.email, name: answer.name, signedin: answer.signedin }
      sessionStorage.setItem(DONE_KEY, JSON.stringify(confirmed))
      window.location.replace(window.location.pathname)
    } catch (failure) {
      setState({ kind: 'failed', error: isQueryError(failure) ? failure.code : 'ERROR_INTERNAL' })
    }
  }

  if (state.kind === 'done')
    return (
      <section className="sw-form-page" data-testid="verified">
        <h1>{t('Your e-mail address is confirmed')}</h1>
        <p data-testid="verified-email">{state.confirmed.email}</p>
        <p>
          {state.confirmed.signedin
            ? t('You are signed in. Welcome!')
            : t('You are signed in to another account: sign out, then sign in with this address.')}
        </p>
        <div className="sw-form-actions">
          <a href="/account">{t('My account')}</a>
          <a className="sw-button sw-button-primary" href="/">
            {t('Continue shopping')}
          </a>
        </div>
      </section>
    )
  return (
    <section className="sw-form-page">
      <h1>{t('Confirm your e-mail address')}</h1>
      {state.kind === 'failed' ? (
        <>
          <p className="sw-field-error" role="alert" data-testid="verify-error">
            {t(state.error)}
          </p>
          <div className="sw-form-actions">
            <a href="/login">{t('Login')}</a>
            <a href="/register">{t('Create an account')}</a>
          </div>
        </>
      ) : (
        <>
          <p>{t('One click and your account is ready.')}</p>
          <button
            type="button"
            className="sw-button sw-button-primary"
            disabled={state.kind !== 'ready'}
            onClick={() => state.kind === 'ready' && void confirm(state.code)}
            data-testid="verify"
          >
            {t('Confirm my e-mail address')}
          </button>
        </>
      )}
    </section>
  )
}
