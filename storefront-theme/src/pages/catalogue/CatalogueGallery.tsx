import { useEffect, useState } from 'react'
import { useSession, useT, useTranslation } from '@shopwright/storefront/react'
import { useCategories } from '../../components/categories.js'
import { ImageSkeleton, ItemImage } from '../../components/ItemImage.js'
import { ZoomDialog } from '../../components/ZoomDialog.js'
import type { ListItemAnswer, NsList, WebImage } from '../../lib/commerce.js'
import { GALLERY_WIDTH } from '../../lib/images.js'

/** Pictures taken from each category: its own and its first items'. */
const ITEMS_PER_CATEGORY = 6

interface Picture extends WebImage {
  /** Where the picture's subject is: the category or the item. */
  href: string
  caption: string
}

/**
 * The gallery (storefront-theme/README.md, "Screens"): the catalogue's pictures, each category's
 * and those of its first items, as thumbnails resized to a width of 400 that open the full-screen
 * zoom dialog.
 */
export function CatalogueGallery() {
  const t = useT()
  const { client } = useSession()
  const { language } = useTranslation()
  const categories = useCategories()
  const [pictures, setPictures] = useState<Picture[] | null>(null)
  const [zoomed, setZoomed] = useState<number | null>(null)

  useEffect(() => {
    if (!categories) return
    let live = true
    Promise.all(
      categories.map((category) =>
        client
          .get<NsList<ListItemAnswer>>('/ns/data/list/item', {
            category: category.id,
            pagesize: ITEMS_PER_CATEGORY,
          })
          .then((answer) => answer.data)
          .catch(() => [] as ListItemAnswer[]),
      ),
    ).then((lists) => {
      if (!live) return
      const seen = new Set<string>()
      const found: Picture[] = []
      const add = (image: WebImage | null, href: string, caption: string) => {
        if (!image?.url || seen.has(image.url)) return
        seen.add(image.url)
        found.push({ ...image, href, caption })
      }
      categories.forEach((category, index) => {
        add(
          category.storedisplayimage,
          `/category/${encodeURIComponent(category.id)}`,
          category.name,
        )
        for (const item of lists[index] ?? [])
          add(item.storedisplaythumbnail, `/item/${encodeURIComponent(item.id)}`, item.displayname)
      })
      setPictures(found)
    })
    return () => {
      live = false
    }
  }, [client, categories, language])

  if (categories !== null && categories.length === 0) return null
  return (
    <section className="sw-section" aria-labelledby="sw-gallery-title">
      <h2 id="sw-gallery-title">{t('From the shop')}</h2>
      <ul className="sw-photo-grid" data-testid="gallery-grid" aria-busy={pictures === null}>
        {(pictures ?? Array.from({ length: 8 }, () => null)).map((picture, index) => (
          <li key={picture?.url ?? index}>
            {picture ? (
              <figure>
                <button
                  type="button"
                  className="sw-photo"
                  onClick={() => setZoomed(index)}
                  aria-label={t('Zoom in on {0}', picture.alt || picture.caption)}
                  data-testid="gallery-photo"
                >
                  <ItemImage
                    image={picture}
                    alt={picture.caption}
                    sizes="(min-width: 1024px) 280px, 45vw"
                    widths={[GALLERY_WIDTH]}
                    eager={index < 4}
                  />
                </button>
                <figcaption>
                  <a href={picture.href}>{picture.caption}</a>
                </figcaption>
              </figure>
            ) : (
              <ImageSkeleton />
            )}
          </li>
        ))}
      </ul>
      <ZoomDialog
        images={pictures ?? []}
        index={zoomed}
        onIndex={setZoomed}
        onClose={() => setZoomed(null)}
        label={t('Gallery')}
      />
    </section>
  )
}
