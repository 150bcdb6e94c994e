import type { PageProps } from '@shopwright/storefront/shared'
import { useT } from '@shopwright/storefront/react'
import { ErrorView } from '../components/ErrorView.js'
import { CatalogueGallery } from './catalogue/CatalogueGallery.js'

/** A page record's headline and content, with the catalogue's gallery after it when asked. */
function PageContent({ record, gallery }: { record: PageProps['record']; gallery: boolean }) {
  const t = useT()
  const headline = typeof record?.headline === 'string' ? record.headline : ''
  const content = typeof record?.content === 'string' ? record.content : ''
  if (!record) return <ErrorView title={t('ERROR_PAGE_NOT_AVAILABLE')} />
  return (
    <article className="sw-page">
      <h1>{headline}</h1>
      <div className="sw-content" dangerouslySetInnerHTML={{ __html: content }} />
      {gallery ? <CatalogueGallery /> : null}
    </article>
  )
}

/**
 * A page record's headline and content (the generic page view): /about and the page views. The
 * content is HTML the records plugin cleaned when it was written. A page that cannot be read shows
 * ERROR_PAGE_NOT_AVAILABLE's message. A route whose own props name a `gallery` adds the catalogue's
 * pictures with the zoom dialog (storefront-theme/README.md, "Screens"); the route record's props,
 * not the address's query, so `?gallery` on another page adds nothing.
 */
export function PageView({ record, route }: PageProps) {
  return <PageContent record={record} gallery={route.props.gallery !== undefined} />
}

/** A route that names the `Gallery` component: the page view with the gallery. */
export function GalleryPage({ record }: PageProps) {
  return <PageContent record={record} gallery />
}
