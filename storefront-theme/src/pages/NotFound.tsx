import { useT } from '@shopwright/storefront/react'

/** An address no route matches: 'Page not Found', with HTTP 404 from the server. */
export function NotFound() {
  const t = useT()
  return (
    <section className="sw-page">
      <h1>{t('Page not Found')}</h1>
      <p>
        {t('The address does not lead to a page.')} <a href="/">{t('Go to the home page')}</a>
      </p>
    </section>
  )
}
