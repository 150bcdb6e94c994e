import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { mdiMagnify } from '@mdi/js'
import { useNavigation, useSession, useT, useTranslation } from '@shopwright/storefront/react'
import { MAX_QUERY_LENGTH, type SuggestionAnswer } from '../lib/commerce.js'
import { sizedUrl } from '../lib/images.js'
import type { SuggestionSource } from '../lib/suggestions.js'
import { searchChunk } from '../pages/catalogue/search-chunk.js'
import { Icon } from './Icon.js'

/** The search page's address for a text, as the form's own GET writes it (`/search?q=blue+tee`). */
export function searchHref(text: string): string {
  const q = text.trim()
  return q ? `/search?${new URLSearchParams({ q }).toString()}` : '/search'
}

/** The search text of an address: its `q` on the search page, else ''. */
export function searchTextOf(href: string): string {
  const [path = '', query = ''] = href.split('?')
  return path === '/search' ? (new URLSearchParams(query).get('q') ?? '') : ''
}

/** An item's page, as its card links it. */
function itemHref(item: SuggestionAnswer): string {
  return `/item/${encodeURIComponent(item.id)}`
}

interface Found {
  text: string
  suggestions: SuggestionAnswer[]
}

export interface SearchBoxProps {
  /** The form's id; the input's is `${id}-input`, the list's `${id}-list`. */
  id: string
  className: string
  /** Escape in an empty, closed box (the phone's header closes its search row). */
  onDismiss?: () => void
}

/**
 * A search form (`GET /search?q=`, so it works before and without the page's code) with the
 * suggestions of an ARIA combobox: from 2 letters, items whose names the text starts words of
 * (lib/suggestions.ts, loaded on the first focus with the search page's chunk); Up and Down move
 * through them, Enter opens the one chosen (else searches), Escape closes the list, then clears.
 */
export function SearchBox({ id, className, onDismiss }: SearchBoxProps) {
  const t = useT()
  const { href, navigate } = useNavigation()
  const { client } = useSession()
  const { language } = useTranslation()
  const input = useRef<HTMLInputElement>(null)
  const source = useRef<SuggestionSource | null>(null)
  const loading = useRef<Promise<SuggestionSource | null> | null>(null)
  // A lookup waiting for the source's code: one is enough, it reads the box when the code is in.
  const waiting = useRef(false)
  const [found, setFound] = useState<Found | null>(null)
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const listId = `${id}-list`
  const suggestions = found?.suggestions ?? []
  const expanded = open && suggestions.length > 0
  // The suggestions and the last option, "Search for ...".
  const options = suggestions.length + 1

  // Another page: the box shows its search text (none elsewhere), closed. The first render keeps
  // what was typed before the page's code ran.
  const shownHref = useRef(href)
  useEffect(() => {
    if (shownHref.current === href) return
    shownHref.current = href
    if (input.current) input.current.value = searchTextOf(href)
    source.current?.cancel()
    setFound(null)
    setOpen(false)
    setActive(-1)
  }, [href])

  // Suggestions are names in the page's language: a switch starts over.
  useEffect(
    () => () => {
      source.current?.cancel()
      source.current = null
      loading.current = null
    },
    [language, client],
  )

  /** The suggestion source, its code loaded on first use; null when that download failed. */
  function start(): Promise<SuggestionSource | null> {
    if (loading.current) return loading.current
    const loaded = import('../lib/suggestions.js')
      .then((module) => {
        const created = module.createSuggestionSource({
          fetch: (text, signal) =>
            client
              .get<{ data: SuggestionAnswer[] }>('/ns/search/suggest', { q: text }, { signal })
              .then((answer) => answer.data),
          show: (text, shown) => {
            setFound({ text, suggestions: shown })
            setActive(-1)
          },
        })
        // Unless the language changed meanwhile (a new source is on its way).
        if (loading.current === loaded) source.current = created
        return created
      })
      .catch(() => {
        // Without suggestions the form still searches; the next focus tries again.
        if (loading.current === loaded) loading.current = null
        return null
      })
    loading.current = loaded
    return loaded
  }

  function lookup() {
    const text = input.current?.value ?? ''
    if (source.current) {
      source.current.lookup(text)
      return
    }
    // Keys typed while the code loads would each ask for the same text once it is in.
    if (waiting.current) return
    waiting.current = true
    void start().then((created) => {
      waiting.current = false
      created?.lookup(input.current?.value ?? text)
    })
  }

  function go(to: string) {
    source.current?.cancel()
    setOpen(false)
    setActive(-1)
    // On a phone, the keyboard goes away with the focus.
    input.current?.blur()
    navigate(to)
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    go(searchHref(input.current?.value ?? ''))
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (suggestions.length === 0) return
      event.preventDefault()
      const down = event.key === 'ArrowDown'
      if (!open) {
        setOpen(true)
        setActive(down ? 0 : options - 1)
        return
      }
      // Past either end, back to the text.
      setActive((index) => {
        if (down) return index + 1 >= options ? -1 : index + 1
        return index < 0 ? options - 1 : index - 1
      })
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault()
        setOpen(false)
        setActive(-1)
      } else if (input.current?.value) {
        event.preventDefault()
        input.current.value = ''
        lookup()
      } else onDismiss?.()
    } else if (event.key === 'Enter' && expanded && active >= 0) {
      const chosen = suggestions[active]
      if (!chosen) return // "Search for ...": the form's own submit.
      event.preventDefault()
      go(itemHref(chosen))
    }
  }

  return (
    <form
      id={id}
      className={className}
      role="search"
      action="/search"
      method="get"
      onSubmit={onSubmit}
      data-testid={`${id}-form`}
    >
      <input
        ref={input}
        id={`${id}-input`}
        type="search"
        name="q"
        defaultValue={searchTextOf(href)}
        maxLength={MAX_QUERY_LENGTH}
        placeholder={t('Search the shop')}
        aria-label={t('Search')}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${id}-option-${active}` : undefined}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        enterKeyHint="search"
        onFocus={() => {
          void start()
          // The search page's code, so Enter shows results without waiting for it.
          searchChunk.load().catch(() => undefined)
          setOpen(true)
        }}
        onBlur={() => {
          setOpen(false)
          setActive(-1)
        }}
        onChange={() => {
          setOpen(true)
          setActive(-1)
          lookup()
        }}
        onKeyDown={onKeyDown}
        data-testid="search-input"
      />
      <button type="submit" className="sw-search-submit" aria-label={t('Search')}>
        <Icon path={mdiMagnify} size={22} />
      </button>
      <ul
        id={listId}
        className="sw-suggestions"
        role="listbox"
        aria-label={t('Suggestions')}
        hidden={!expanded}
        // A click on a suggestion keeps the focus in the box until the link takes over.
        onMouseDown={(event) => event.preventDefault()}
        data-testid="search-suggestions"
      >
        {expanded ? (
          <>
            {suggestions.map((item, index) => (
              <li key={item.id} role="presentation">
                <a
                  id={`${id}-option-${index}`}
                  className="sw-suggestion"
                  role="option"
                  aria-selected={index === active}
                  href={itemHref(item)}
                  tabIndex={-1}
                  data-testid="search-suggestion"
                >
                  {item.storedisplaythumbnail?.url ? (
                    <img
                      src={sizedUrl(item.storedisplaythumbnail.url, 96)}
                      alt=""
                      width={40}
                      height={40}
                    />
                  ) : (
                    <span className="sw-suggestion-blank" />
                  )}
                  <span>{item.displayname}</span>
                </a>
              </li>
            ))}
            <li role="presentation">
              <a
                id={`${id}-option-${suggestions.length}`}
                className="sw-suggestion sw-suggestion-all"
                role="option"
                aria-selected={active === suggestions.length}
                href={searchHref(found?.text ?? '')}
                tabIndex={-1}
                data-testid="search-all"
              >
                <Icon path={mdiMagnify} size={20} />
                <span>{t('Search for “{0}”', (found?.text ?? '').trim())}</span>
              </a>
            </li>
          </>
        ) : null}
      </ul>
      <span className="sw-visually-hidden" role="status">
        {expanded
          ? t('{0, plural, one {# suggestion} other {# suggestions}}', suggestions.length)
          : ''}
      </span>
    </form>
  )
}
