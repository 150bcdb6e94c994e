import { useT } from '@shopwright/storefront/react'

/** What a screen shows while its data (or its code) loads. */
export function PageLoading() {
  const t = useT()
  return (
    <div className="sw-loading" role="status">
      <span className="sw-loading-dot" aria-hidden="true" />
      {t('Loading...')}
    </div>
  )
}
