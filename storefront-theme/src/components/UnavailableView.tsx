import { useT } from '@shopwright/storefront/react'
import { ErrorView } from './ErrorView.js'

/** A page whose record is not there (a removed category or item): its title and the way home. */
export function UnavailableView({ title }: { title: string }) {
  const t = useT()
  return (
    <ErrorView title={title}>
      <p>
        <a href="/">{t('Go to the home page')}</a>
      </p>
    </ErrorView>
  )
}
