import type { PageProps } from '@shopwright/storefront/shared'
import { useT } from '@shopwright/storefront/react'
import { ErrorView } from '../components/ErrorView.js'
import { CatalogueGallery } from './catalogue/CatalogueGallery.js'

/**
 * The gallery page view: a route whose props name a `gallery` (the catalogue's pictures), or the
 * sample's /code25Gallery page, whose page id says so (its route names the generic PageView).
 */
export function isGalleryPage(props: PageProps['props']): boolean {
  return props.gallery !== undefined || /gallery/i.test(props.pageid ?? '')
}

/**
 * A page record's headline and content (spec 000 section 2, "generic page view"): /about and the
 * page views. The content is HTML the records plugin cleaned when it was written. A page that
 * cannot be read shows ERROR_PAGE_NOT_AVAILABLE's message. A gallery page adds the catalogue's
 * pictures with the zoom dialog (spec 001 section 2).
 */
export function PageView({ record, props }: PageProps) {
  const t = useT()
  const headline = typeof record?.headline === 'string' ? record.headline : ''
  const content = typeof record?.content === 'string' ? record.content : ''
  if (!record) return <ErrorView title={t('ERROR_PAGE_NOT_AVAILABLE')} />
  return (
    <article className="sw-page">
      <h1>{headline}</h1>
      <div className="sw-content" dangerouslySetInnerHTML={{ __html: content }} />
      {isGalleryPage(props) ? <CatalogueGallery /> : null}
    </article>
  )
}

/** A gallery page for a route that names this component: the page view with the gallery. */
export function GalleryPage(props: PageProps) {
  return <PageView {...props} props={{ ...props.props, gallery: props.props.gallery ?? '' }} />
}
