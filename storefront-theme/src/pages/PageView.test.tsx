// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { PageProps } from '@shopwright/storefront/shared'
import { pageProps, renderPage } from '../test/harness.js'
import { GalleryPage, PageView } from './PageView.js'

afterEach(cleanup)

const record = {
  type: 'webpage',
  id: 'code25gallery',
  headline: 'Gallery',
  content: '<p>Pictures from the shop.</p>',
}

/** A page view's props: the route's own props, and those of the address's query merged in. */
function viewProps(routeProps: Record<string, string>, query: Record<string, string> = {}) {
  const props = pageProps('/code25Gallery', {}, { ...routeProps, ...query })
  return { ...props, route: { ...props.route, props: routeProps }, record } as PageProps
}

describe('the page view', () => {
  it("shows the page's headline and content, without a gallery", () => {
    renderPage(<PageView {...viewProps({ pageid: 'code25gallery' })} />)
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Gallery')
    expect(screen.getByText('Pictures from the shop.')).toBeTruthy()
    expect(screen.queryByTestId('gallery-grid')).toBeNull()
  })

  it("adds the catalogue's gallery for a route whose own props name one", () => {
    renderPage(<PageView {...viewProps({ pageid: 'code25gallery', gallery: 'catalogue' })} />)
    expect(screen.getByTestId('gallery-grid')).toBeTruthy()
  })

  it('adds no gallery for a query that names one', () => {
    renderPage(<PageView {...viewProps({ pageid: 'about' }, { gallery: '' })} />)
    expect(screen.queryByTestId('gallery-grid')).toBeNull()
  })

  it('always has the gallery as the Gallery component', () => {
    renderPage(<GalleryPage {...viewProps({ pageid: 'code25gallery' })} />)
    expect(screen.getByTestId('gallery-grid')).toBeTruthy()
  })

  it('says a page that cannot be read is not available', () => {
    renderPage(<PageView {...viewProps({})} record={null} />)
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Unable to View Page.')
  })
})
