import { useEffect, useId, useRef, useState } from 'react'
import type { Editor } from '@tiptap/react'
import { Button } from '../../Button.js'
import { useT } from '../../i18n.js'
import { PAGE_LINK_EDITOR, usePluginFieldEditor, type PageLinkChoice } from '../field-editors.js'
import { allowedHref, linkAddress } from './extensions.js'
import { rowKeys } from './row-keys.js'

export interface LinkRowProps {
  editor: Editor
  onClose(): void
}

const isChoice = (value: unknown): value is PageLinkChoice =>
  typeof (value as PageLinkChoice | null)?.address === 'string' &&
  typeof (value as PageLinkChoice).name === 'string'

/** A path of this site (`/about`), which a page of it may show a record at. */
const isSitePath = (href: string): boolean => href.startsWith('/') && !href.startsWith('//')

/**
 * The link's address, asked in a row under the toolbar (not a browser prompt): it opens with the
 * address of the link at the cursor, Enter applies and Escape closes. With text selected the
 * text becomes the link; with none, the address is put in as its own text. An address the
 * server would drop is refused here, with why. When a plugin supplies the record chooser
 * (PAGE_LINK_EDITOR), **Choose a page** opens it under the address: a record picked there is
 * linked at once, by the address of its page, and named by its name when no text was selected;
 * for the link at the cursor, the chooser names the record its address goes to.
 */
export function LinkRow({ editor, onClose }: LinkRowProps) {
  const t = useT()
  const problemId = useId()
  const input = useRef<HTMLInputElement>(null)
  const current = editor.getAttributes('link').href as string | undefined
  const [typed, setTyped] = useState(current ?? '')
  const [refused, setRefused] = useState(false)
  const PageLink = usePluginFieldEditor(PAGE_LINK_EDITOR)
  const [choosing, setChoosing] = useState(false)

  useEffect(() => {
    input.current?.focus()
  }, [])

  const close = () => {
    onClose()
    editor.commands.focus()
  }
  const remove = () => {
    editor.chain().focus().extendMarkRange('link').unsetLink().run()
    onClose()
  }
  const link = (href: string, text: string) => {
    if (!allowedHref(href)) return setRefused(true)
    const chain = editor.chain().focus().extendMarkRange('link')
    if (editor.state.selection.empty && !editor.isActive('link'))
      chain.insertContent({ type: 'text', text, marks: [{ type: 'link', attrs: { href } }] })
    else chain.setLink({ href })
    chain.run()
    onClose()
  }
  const apply = () => {
    const href = linkAddress(typed)
    if (href === '') return remove()
    link(href, href)
  }

  return (
    <div className="sw-rich-text-link" data-testid="rich-text-link-row">
      <input
        ref={input}
        className="sw-input"
        inputMode="url"
        aria-label={t('Link address')}
        aria-invalid={refused || undefined}
        aria-describedby={refused ? problemId : undefined}
        value={typed}
        data-testid="rich-text-link-address"
        onChange={(event) => {
          setTyped(event.target.value)
          setRefused(false)
        }}
        onKeyDown={rowKeys(apply, close)}
      />
      <Button variant="primary" onClick={apply} data-testid="rich-text-link-apply">
        {t('Apply')}
      </Button>
      {current ? <Button onClick={remove}>{t('Remove link')}</Button> : null}
      <Button onClick={close}>{t('Cancel')}</Button>
      {PageLink ? (
        <Button
          aria-expanded={choosing}
          onClick={() => setChoosing(!choosing)}
          data-testid="rich-text-link-choose"
        >
          {t('Choose a page')}
        </Button>
      ) : null}
      {PageLink && current && isSitePath(current) ? (
        <div className="sw-rich-text-link-target">
          <PageLink
            field={{
              id: 'rich-text-link-target',
              name: t('Link address'),
              datatype: PAGE_LINK_EDITOR,
            }}
            value={current}
            id={`${problemId}-target`}
            readOnly
            onChange={() => undefined}
          />
        </div>
      ) : null}
      {PageLink && choosing ? (
        <div className="sw-rich-text-link-choice">
          <PageLink
            field={{
              id: 'rich-text-link-page',
              name: t('Choose a page'),
              datatype: PAGE_LINK_EDITOR,
            }}
            value={null}
            id={`${problemId}-page`}
            onChange={(choice) => {
              if (isChoice(choice)) link(choice.address, choice.name || choice.address)
            }}
          />
        </div>
      ) : null}
      {refused ? (
        <p id={problemId} className="sw-field-error" role="alert">
          {t('A link may go to an http, https, mailto or tel address, or to a page of this site.')}
        </p>
      ) : null}
    </div>
  )
}
