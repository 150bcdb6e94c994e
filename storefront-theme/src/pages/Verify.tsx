import { useState } from 'react'
import { useSession, useT } from '@shopwright/storefront/react'
import { isQueryError } from '@shopwright/core/shared'

/**
 * `/verify?code=`: the link of a sign-up's confirmation e-mail. One button confirms (a POST, so a
 * mail scanner that fetches the link spends nothing), which also signs the shopper in. The code is
 * read from the address at the click, never from a rendered page a cache could keep.
 */
export function Verify() {
  const { client } = useSession()
  const t = useT()
  const [state, setState] = useState<'ready' | 'busy' | 'done' | string>('ready')

  const confirm = async () => {
    setState('busy')
    const code = new URLSearchParams(window.location.search).get('code') ?? ''
    try {
      await client.post('/account/verify', { code })
      setState('done')
    } catch (failure) {
      setState(isQueryError(failure) ? failure.code : 'ERROR_INTERNAL')
    }
  }

  if (state === 'done')
    return (
      <section className="sw-form-page" data-testid="verified">
        <h1>{t('Your e-mail address is confirmed')}</h1>
        <p>{t('You are signed in. Welcome!')}</p>
        <div className="sw-form-actions">
          <a href="/account">{t('My account')}</a>
          <a className="sw-button sw-button-primary" href="/">
            {t('Continue shopping')}
          </a>
        </div>
      </section>
    )
  const failed = state !== 'ready' && state !== 'busy'
  return (
    <section className="sw-form-page">
      <h1>{t('Confirm your e-mail address')}</h1>
      {failed ? (
        <p className="sw-field-error" role="alert" data-testid="verify-error">
          {t(state)}
        </p>
      ) : (
        <p>{t('One click and your account is ready.')}</p>
      )}
      {failed ? (
        <div className="sw-form-actions">
          <a href="/login">{t('Login')}</a>
          <a href="/register">{t('Create an account')}</a>
        </div>
      ) : (
        <button
          type="button"
          className="sw-button sw-button-primary"
          disabled={state === 'busy'}
          onClick={() => void confirm()}
          data-testid="verify"
        >
          {t('Confirm my e-mail address')}
        </button>
      )}
    </section>
  )
}
