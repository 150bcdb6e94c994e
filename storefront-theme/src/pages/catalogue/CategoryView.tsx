import type { PageProps } from '@shopwright/storefront/shared'
import { useNavigation, usePageExtra, useT } from '@shopwright/storefront/react'
import { mdiViewGridOutline, mdiViewListOutline } from '@mdi/js'
import { ErrorView } from '../../components/ErrorView.js'
import { Icon } from '../../components/Icon.js'
import { ItemCard, useListPrice } from '../../components/ItemCard.js'
import { ItemImage } from '../../components/ItemImage.js'
import { Pager } from '../../components/Pager.js'
import { PAGE_EXTRA, type CategoryPageExtra, type ListItemAnswer } from '../../lib/commerce.js'

/** Cards loaded at once: the first row of the widest grid (four columns). */
const EAGER_CARDS = 4

/** One item in the list display: thumbnail, name, description, price and stock. */
function ItemRow({ item, eager }: { item: ListItemAnswer; eager: boolean }) {
  const t = useT()
  const price = useListPrice()(item)
  const href = `/item/${encodeURIComponent(item.id)}`
  return (
    <li className="sw-item-row" data-testid="item-row">
      <a className="sw-item-row-media" href={href} tabIndex={-1} aria-hidden="true">
        <ItemImage
          image={item.storedisplaythumbnail}
          alt={item.displayname}
          sizes="120px"
          widths={[128, 256]}
          eager={eager}
        />
      </a>
      <div className="sw-item-row-text">
        <a className="sw-item-row-name" href={href}>
          {item.displayname}
        </a>
        <div
          className="sw-content sw-muted"
          dangerouslySetInnerHTML={{ __html: item.storedetaileddescription }}
        />
      </div>
      <div className="sw-item-row-buy">
        <span className="sw-item-card-price">{price || t('Price not available')}</span>
        {item.instock ? null : <span className="sw-badge sw-badge-out">{t('Out of stock')}</span>}
      </div>
    </li>
  )
}

/**
 * `/category/:id` (record mode): the category's name and content, then a page of its items as a
 * grid of 24 or a list of 50 (`?display=list`), with the pager (`?page=`). The items come with
 * the page from the server (commerce's page extra), priced for the visitor; a category that does
 * not exist is the theme's 'Page not Found' with a 404.
 */
export function CategoryView({ record }: PageProps) {
  const t = useT()
  const { href } = useNavigation()
  const extra = usePageExtra<CategoryPageExtra>(PAGE_EXTRA)
  const category = extra?.category
  const name = category?.name || (typeof record?.name === 'string' ? record.name : '')
  if (!category)
    return (
      <ErrorView title={t('ERROR_CATEGORY_NOT_AVAILABLE')}>
        <p>
          <a href="/">{t('Go to the home page')}</a>
        </p>
      </ErrorView>
    )
  const list = extra.display === 'list'
  const path = href.split('?')[0] ?? ''
  return (
    <div className="sw-category">
      <nav className="sw-breadcrumbs" aria-label={t('Breadcrumbs')}>
        <a href="/">{t('Home')}</a>
        <span aria-current="page">{name}</span>
      </nav>
      <header className="sw-category-head">
        <h1>{name}</h1>
        {category.custrecord_web_webcat_content ? (
          <div
            className="sw-content sw-lead"
            dangerouslySetInnerHTML={{ __html: category.custrecord_web_webcat_content }}
          />
        ) : null}
      </header>
      <div className="sw-toolbar">
        <p className="sw-muted" data-testid="item-count">
          {t('{0, plural, one {# item} other {# items}}', category.total)}
        </p>
        <div className="sw-display-toggle" role="group" aria-label={t('Display')}>
          <a href={path} aria-current={list ? undefined : 'true'} data-testid="display-grid">
            <Icon path={mdiViewGridOutline} size={20} />
            <span>{t('Grid')}</span>
          </a>
          <a
            href={`${path}?display=list`}
            aria-current={list ? 'true' : undefined}
            data-testid="display-list"
          >
            <Icon path={mdiViewListOutline} size={20} />
            <span>{t('List')}</span>
          </a>
        </div>
      </div>
      {category.items.length === 0 ? (
        <p className="sw-empty">{t('There are no items in this category yet.')}</p>
      ) : list ? (
        <ul className="sw-item-list" data-testid="item-list">
          {category.items.map((item, index) => (
            <ItemRow key={item.id} item={item} eager={index < EAGER_CARDS} />
          ))}
        </ul>
      ) : (
        <ul className="sw-grid" data-testid="item-grid">
          {category.items.map((item, index) => (
            <li key={item.id}>
              <ItemCard item={item} eager={index < EAGER_CARDS} priority={index === 0} />
            </li>
          ))}
        </ul>
      )}
      <Pager page={category.page} pages={category.pages} />
    </div>
  )
}
