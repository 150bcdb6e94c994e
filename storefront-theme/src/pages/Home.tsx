import { useEffect, useState } from 'react'
import type { PageProps } from '@shopwright/storefront/shared'
import { useSession, useT, useTranslation } from '@shopwright/storefront/react'
import { mdiArrowRight } from '@mdi/js'
import { useCategories, type ShopCategory } from '../components/categories.js'
import { CategoryTiles } from '../components/CategoryTiles.js'
import { Icon } from '../components/Icon.js'
import { ItemCard } from '../components/ItemCard.js'
import { ImageSkeleton, ItemImage } from '../components/ItemImage.js'
import { ErrorView } from '../components/ErrorView.js'
import { useSite } from '../components/site.js'
import type { ListItemAnswer, NsList } from '../lib/commerce.js'

/** Items the home page features. */
const FEATURED_COUNT = 4

/**
 * The category the home page features: the route's `featured` prop (a category id, set on the
 * home route record), else the first online category.
 */
function featuredCategory(
  categories: readonly ShopCategory[],
  featured: string | undefined,
): ShopCategory | undefined {
  return categories.find((category) => category.id === featured) ?? categories[0]
}

/** Pictures of the first three categories beside the hero's text (wide screens only). */
function HeroArt({ categories }: { categories: ShopCategory[] | null }) {
  const shown = categories?.filter((category) => category.storedisplayimage).slice(0, 3)
  return (
    <div className="sw-hero-art" aria-hidden="true">
      {(shown ?? [null, null, null]).map((category, index) =>
        category ? (
          <ItemImage
            key={category.id}
            image={category.storedisplayimage}
            alt=""
            sizes="160px"
            widths={[160, 320]}
          />
        ) : (
          <ImageSkeleton key={index} />
        ),
      )}
    </div>
  )
}

/** A few items of the featured category, with a link to the rest. */
function Featured({ category }: { category: ShopCategory | undefined | null }) {
  const t = useT()
  const { client } = useSession()
  const { language } = useTranslation()
  const [items, setItems] = useState<ListItemAnswer[] | null>(null)
  useEffect(() => {
    if (!category) return
    let live = true
    client
      .get<NsList<ListItemAnswer>>('/ns/data/list/item', {
        category: category.id,
        pagesize: FEATURED_COUNT,
      })
      .then((answer) => live && setItems(answer.data))
      .catch(() => live && setItems([]))
    return () => {
      live = false
    }
  }, [client, category, language])
  if (category === undefined || (items !== null && items.length === 0)) return null
  return (
    <section className="sw-section" aria-labelledby="sw-featured-title">
      <div className="sw-section-head">
        <h2 id="sw-featured-title">{category ? category.name : t('Featured')}</h2>
        {category ? (
          <a className="sw-more-link" href={`/category/${encodeURIComponent(category.id)}`}>
            {t('Shop {0}', category.name)}
            <Icon path={mdiArrowRight} size={18} />
          </a>
        ) : null}
      </div>
      <ul className="sw-grid" aria-busy={items === null} data-testid="featured-items">
        {(items ?? Array.from({ length: FEATURED_COUNT }, () => null)).map((item, index) => (
          <li key={item?.id ?? index}>
            {item ? (
              <ItemCard item={item} />
            ) : (
              <span className="sw-item-card" aria-hidden="true">
                <ImageSkeleton />
                <span className="sw-item-card-name" />
                <span className="sw-item-card-price" />
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}

/**
 * The home page (the `Welcome` route, a page view of `webpage/home`): the page's headline and
 * content as the hero, then the shop's categories and a few featured items, loaded in the
 * browser into boxes kept for them.
 */
export function Home({ record, props }: PageProps) {
  const t = useT()
  const { modules } = useSite()
  const categories = useCategories()
  if (!record) return <ErrorView title={t('ERROR_PAGE_NOT_AVAILABLE')} />
  const headline = typeof record.headline === 'string' ? record.headline : ''
  const content = typeof record.content === 'string' ? record.content : ''
  const shop = modules.includes('cart')
  const featured = categories === null ? null : featuredCategory(categories, props.featured)
  return (
    <div className="sw-home">
      <section className="sw-hero">
        <div className="sw-hero-text">
          <h1>{headline}</h1>
          <div className="sw-content" dangerouslySetInnerHTML={{ __html: content }} />
        </div>
        {shop ? <HeroArt categories={categories} /> : null}
      </section>
      {shop && categories?.length !== 0 ? (
        <>
          <CategoryTiles categories={categories} />
          <Featured category={featured} />
        </>
      ) : null}
    </div>
  )
}
