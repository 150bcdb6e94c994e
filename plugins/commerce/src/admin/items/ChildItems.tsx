import { Link, useNavigate } from 'react-router'
import type { RecordData } from '@shopwright/core/shared'
import {
  Button,
  Placeholder,
  shownError,
  useLanguage,
  useQueryData,
  useT,
  type RecordSectionProps,
} from '@shopwright/admin-ui/kit'
import { ITEM_TYPE } from '../../shared/types.js'
import {
  CHILD_ITEMS_SHOWN,
  childrenOf,
  childrenPath,
  newChildValues,
  optionValues,
  parentId,
} from './child-items.js'
import '../commerce.css'

interface ListAnswer {
  list: RecordData[]
  pages?: number
}

const itemPath = (id: string) => `/data/${ITEM_TYPE}/${encodeURIComponent(id)}`

/**
 * The Options group's child items of a product (plugins/commerce/README.md, "Admin"): each
 * child's name, option values, whether it is online and its stock, linked to its editor, and a
 * button that begins a new child with the parent filled in. A child item shows none (its Parent
 * field names its parent); an item not saved yet has none.
 */
export default function ChildItems({ record, readOnly }: RecordSectionProps) {
  const t = useT()
  const navigate = useNavigate()
  const { language } = useLanguage()
  const id = typeof record.id === 'string' ? record.id : ''
  const isChild = parentId(record) !== null
  const answer = useQueryData<ListAnswer>(id && !isChild ? childrenPath(id) : null)
  if (isChild) return null
  const count = new Intl.NumberFormat(language)
  const children = answer.data ? childrenOf(answer.data.list, id) : []
  const more = (answer.data?.pages ?? 1) > 1
  return (
    <div className="sw-child-items" data-testid="child-items">
      <div className="sw-child-items-head">
        <h3>{t('Child items')}</h3>
        {!readOnly && id ? (
          <Button
            icon="plus"
            onClick={() =>
              navigate(`/data/${ITEM_TYPE}/new`, { state: { copy: newChildValues(record) } })
            }
            data-testid="child-items-add"
          >
            {t('Add a child item')}
          </Button>
        ) : null}
      </div>
      {!id ? (
        <p className="sw-child-items-note">
          {t('Save the item to give it child items (sizes, colours).')}
        </p>
      ) : answer.error ? (
        <p className="sw-child-items-note" role="alert" data-testid="child-items-error">
          {shownError(answer.error, t).message}
        </p>
      ) : answer.loading && !answer.data ? (
        <Placeholder lines={3} />
      ) : children.length === 0 ? (
        <p className="sw-child-items-note" data-testid="child-items-none">
          {t('No child items: shoppers buy this item as it is.')}
        </p>
      ) : (
        <div className="sw-scroll-x" tabIndex={0}>
          <table className="sw-mini-table sw-child-items-table">
            <thead>
              <tr>
                <th>{t('Name')}</th>
                <th>{t('Options')}</th>
                <th>{t('Online')}</th>
                <th className="sw-number">{t('Stock')}</th>
              </tr>
            </thead>
            <tbody>
              {children.map((child) => {
                const name =
                  typeof child.displayname === 'string' && child.displayname
                    ? child.displayname
                    : child.id
                return (
                  <tr key={child.id} data-testid={`child-item-${child.id}`}>
                    <td>
                      <Link to={itemPath(child.id)}>{name}</Link>
                    </td>
                    <td>{optionValues(child, record)}</td>
                    <td>{child.online === true ? t('Yes') : t('No')}</td>
                    <td className="sw-number">
                      {typeof child.stock === 'number' ? count.format(child.stock) : ''}
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
          {more ? (
            <p className="sw-child-items-note">
              {t('Showing the first {0}.', count.format(CHILD_ITEMS_SHOWN))}{' '}
              <Link to={`/data/${ITEM_TYPE}`}>{t('All items')}</Link>
            </p>
          ) : null}
        </div>
      )}
    </div>
  )
}
