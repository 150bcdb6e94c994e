import { useT } from '@shopwright/storefront/react'
import type { ShopCategory } from './categories.js'
import { ImageSkeleton, ItemImage } from './ItemImage.js'

/** A category tile's height over its width: landscape, so six fit a phone's screen or two. */
const TILE_RATIO = 0.75

/**
 * The shop's categories as picture tiles (the home page, the search page without a text); their
 * boxes are kept while they load, so nothing moves.
 */
export function CategoryTiles({ categories }: { categories: ShopCategory[] | null }) {
  const t = useT()
  return (
    <section className="sw-section" aria-labelledby="sw-categories-title">
      <h2 id="sw-categories-title">{t('Shop by category')}</h2>
      <ul className="sw-tiles" aria-busy={categories === null}>
        {(categories ?? Array.from({ length: 6 }, () => null)).map((category, index) => (
          <li key={category?.id ?? index}>
            {category ? (
              <a
                className="sw-tile"
                href={`/category/${encodeURIComponent(category.id)}`}
                data-testid="category-tile"
              >
                <ItemImage
                  image={category.storedisplayimage}
                  alt={category.name}
                  sizes="(min-width: 1024px) 380px, (min-width: 640px) 31vw, 48vw"
                  ratio={TILE_RATIO}
                />
                <span className="sw-tile-name">{category.name}</span>
              </a>
            ) : (
              <span className="sw-tile">
                <ImageSkeleton ratio={TILE_RATIO} />
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}
