import type { PageProps } from '@shopwright/storefront/shared'
import { useT } from '@shopwright/storefront/react'

/**
 * A page record's headline and content (spec 000 section 2, "generic page view"): /, /about and
 * the page views. The content is HTML the records plugin cleaned when it was written. A page that
 * cannot be read shows ERROR_PAGE_NOT_AVAILABLE's message.
 */
export function PageView({ record }: PageProps) {
  const t = useT()
  const headline = typeof record?.headline === 'string' ? record.headline : ''
  const content = typeof record?.content === 'string' ? record.content : ''
  if (!record)
    return (
      <section className="sw-page" role="alert">
        <h1>{t('ERROR_PAGE_NOT_AVAILABLE')}</h1>
      </section>
    )
  return (
    <article className="sw-page">
      <h1>{headline}</h1>
      <div className="sw-content" dangerouslySetInnerHTML={{ __html: content }} />
    </article>
  )
}
