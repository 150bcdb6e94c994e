import { useEffect, useRef, useState } from 'react'
import { Button, Icon, useClient, useT } from '@shopwright/admin-ui/kit'
import type { DraftState, PreviewLink } from '../../shared/history.js'
import './preview.css'

/** A link this close to expiring is renewed before the frame loads it again. */
const RENEW_BEFORE_MS = 5 * 60 * 1000

type PaneState =
  | { kind: 'loading' }
  | { kind: 'shown'; link: PreviewLink & { href: string } }
  | { kind: 'no-page' }
  | { kind: 'failed' }

/**
 * A draft's live preview beside its editor (docs/history.md, "Live preview"): the storefront page
 * of the record rendered with the draft, through a preview link the server issues (an hour's
 * token). The frame loads again each time the draft is saved, with a new link once the one it has
 * is about to expire, at the place the reader had scrolled to; "Open in a new tab" shows the same
 * link full size, and can be sent to someone.
 */
export function PreviewPane({
  type,
  id,
  draft,
  onClose,
}: {
  type: string
  id: string
  /** The draft as last saved: each save (a new revision) reloads the frame. */
  draft: DraftState | null
  onClose(): void
}) {
  const t = useT()
  const client = useClient()
  const [state, setState] = useState<PaneState>({ kind: 'loading' })
  const link = useRef<PreviewLink | null>(null)
  const frame = useRef<HTMLIFrameElement>(null)
  // Where the page in the frame was scrolled to before it loads again: kept across reloads, so
  // each save does not send the reader back to the top.
  const scrolled = useRef<number | null>(null)
  const revision = draft?.revision ?? 0

  useEffect(() => {
    let stale = false
    const current = link.current
    if (current?.href && current.expiresAt - Date.now() > RENEW_BEFORE_MS) {
      // The same link, loaded again: the server reads the draft as it is now.
      const shown = frame.current?.contentWindow
      if (shown) {
        scrolled.current = shown.scrollY
        shown.location.reload()
      }
      return
    }
    scrolled.current = frame.current?.contentWindow?.scrollY ?? null
    client
      .post<PreviewLink>(
        `/data/draft/preview/${encodeURIComponent(type)}/${encodeURIComponent(id)}`,
        {},
      )
      .then(
        (answer) => {
          if (stale) return
          link.current = answer
          setState(
            answer.href
              ? { kind: 'shown', link: { ...answer, href: answer.href } }
              : { kind: 'no-page' },
          )
        },
        () => {
          if (!stale) setState({ kind: 'failed' })
        },
      )
    return () => {
      stale = true
    }
  }, [client, type, id, revision])

  return (
    <aside className="records-preview" aria-label={t('Preview')} data-testid="preview-pane">
      <div className="records-preview-bar">
        <strong>{t('Preview')}</strong>
        <span className="sw-muted records-preview-note">
          {t('Shows the changes not published; it follows each save.')}
        </span>
        {state.kind === 'shown' ? (
          <a
            href={state.link.href}
            target="_blank"
            rel="noreferrer"
            className="records-preview-open"
            data-testid="preview-open"
          >
            <Icon name="open-in-new" /> {t('Open in a new tab')}
          </a>
        ) : null}
        <Button icon="close" onClick={onClose} data-testid="preview-close">
          {t('Close')}
        </Button>
      </div>
      {state.kind === 'loading' ? (
        <p className="sw-muted records-preview-message">{t('Loading')}</p>
      ) : state.kind === 'no-page' ? (
        <p className="records-preview-message" data-testid="preview-no-page">
          {t('No storefront page shows this record: give it a route to preview it.')}
        </p>
      ) : state.kind === 'failed' ? (
        <p className="records-preview-message" role="alert">
          {t('The preview could not be made. Try again.')}
        </p>
      ) : (
        <iframe
          ref={frame}
          src={state.link.href}
          title={t('Preview')}
          className="records-preview-frame"
          data-testid="preview-frame"
          onLoad={() => {
            const y = scrolled.current
            scrolled.current = null
            if (y) frame.current?.contentWindow?.scrollTo(0, y)
          }}
        />
      )}
    </aside>
  )
}
