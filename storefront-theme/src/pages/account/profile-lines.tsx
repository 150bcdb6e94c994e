import type { ReactNode } from 'react'
import { useNavigation, useT } from '@shopwright/storefront/react'
import { useAlert, useConfirm } from '../../components/Alert.js'
import { Pager } from '../../components/Pager.js'
import { useSite } from '../../components/site.js'
import { useProfile } from './profile.js'

/** Props of ProfileCards. */
interface ProfileCardsProps<T> {
  title: string
  newHref: string
  newLabel: string
  empty: string
  /** The route's `page` parameter. */
  page: unknown
  items: readonly T[]
  keyOf(item: T): string
  hrefOf(item: T): string
  testId: string
  children(item: T): ReactNode
}

/**
 * A profile list as cards (the address book, the credit cards): its title, New, an empty state, and
 * the cards of the `page` parameter with the pager.
 */
export function ProfileCards<T>(props: ProfileCardsProps<T>) {
  // Cards per page: the site's web grid size (the `pagination` configuration's `webgrid`).
  const size = useSite().pagination.webgrid
  const page = Math.max(1, Number(props.page) || 1)
  const pages = Math.max(1, Math.ceil(props.items.length / size))
  return (
    <section>
      <h1>{props.title}</h1>
      <p>
        <a
          className="sw-button sw-button-primary"
          href={props.newHref}
          data-testid={`${props.testId}-new`}
        >
          {props.newLabel}
        </a>
      </p>
      {props.items.length === 0 ? <p>{props.empty}</p> : null}
      <div className="sw-cards">
        {props.items.slice((page - 1) * size, page * size).map((item) => (
          <a
            key={props.keyOf(item)}
            className="sw-card"
            href={props.hrefOf(item)}
            data-testid={`${props.testId}-card`}
          >
            {props.children(item)}
          </a>
        ))}
      </div>
      <Pager page={page} pages={pages} />
    </section>
  )
}

/**
 * Where a saved line leads: a page, or what to do with the saved line's id (checkout ships to the
 * address just saved and goes back to the review).
 */
export type AfterSave = string | ((line: string) => Promise<void>)

/**
 * Saving and deleting one line of a profile list (`addressbook` or `creditcards`): a form with a
 * problem shows it under 'Unable to Continue'; a delete asks first; both go back to the list when
 * done (a save, wherever `saved` says) and show the server's message when not.
 */
export function useProfileLine(
  list: 'addressbook' | 'creditcards',
  id: string,
  back: string,
  saved: AfterSave = back,
) {
  const { update } = useProfile()
  const { navigate } = useNavigation()
  const alert = useAlert()
  const confirm = useConfirm()
  const t = useT()
  return {
    async save(line: unknown, problem: { field: string; code: string } | null): Promise<void> {
      if (problem) {
        await alert(t('Unable to Continue'), problem)
        return
      }
      let lineId: string
      try {
        // A new line's id is the server's; an edited one keeps its own.
        lineId = (await update({ [list]: { [id]: line } }))[list] ?? id
      } catch (failure) {
        await alert(t('Unable to Save'), failure)
        return
      }
      if (typeof saved === 'string') navigate(saved)
      else await saved(lineId)
    },
    async remove(question: string): Promise<void> {
      if (!(await confirm(question))) return
      try {
        await update({ [list]: { [id]: 'delete' } })
        navigate(back)
      } catch (failure) {
        await alert(t('Unable to Delete'), failure)
      }
    },
  }
}
