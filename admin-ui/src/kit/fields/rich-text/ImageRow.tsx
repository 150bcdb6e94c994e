import { useEffect, useId, useRef, useState } from 'react'
import type { Editor } from '@tiptap/react'
import { Button } from '../../Button.js'
import { useT } from '../../i18n.js'
import { usePluginFieldEditor } from '../field-editors.js'
import { drivePathOf, driveUrlOf } from '../../drive-address.js'
import { allowedImage } from './image-address.js'
import { rowKeys } from './row-keys.js'

export interface ImageRowProps {
  editor: Editor
  onClose(): void
}

/** What the picker offers: the drive's `image` keyword and the formats shops use most besides. */
const PICTURE_FILES = 'image,webp,avif'

/**
 * A picture for the text, asked in a row under the toolbar: chosen from the drive's public folder
 * with the drive's own picker when the drive runs (else, or by choice, typed as an address), and
 * its alternative text, which is required: the server refuses rich text with a picture that has
 * none (docs/admin.md, "Rich text"). With a picture selected, the row edits it.
 */
export function ImageRow({ editor, onClose }: ImageRowProps) {
  const t = useT()
  const problemId = useId()
  const altInput = useRef<HTMLInputElement>(null)
  const DriveFile = usePluginFieldEditor('publicfolder')
  const selected = editor.isActive('image')
  const current = selected ? editor.getAttributes('image') : {}
  const [src, setSrc] = useState(typeof current.src === 'string' ? current.src : '')
  const [alt, setAlt] = useState(typeof current.alt === 'string' ? current.alt : '')
  const [typed, setTyped] = useState(() => src !== '' && drivePathOf(src) === null)
  const [problem, setProblem] = useState<string | null>(null)

  useEffect(() => {
    if (selected) altInput.current?.focus()
  }, [selected])

  const close = () => {
    onClose()
    editor.commands.focus()
  }
  const apply = () => {
    if (!allowedImage(src))
      return setProblem(t('Choose a picture from the drive, or an http or https address.'))
    if (alt.trim() === '')
      return setProblem(t('Describe the picture for people who cannot see it.'))
    const attrs = { src: src.trim(), alt: alt.trim() }
    if (selected) editor.chain().focus().updateAttributes('image', attrs).run()
    else editor.chain().focus().setImage(attrs).run()
    onClose()
  }
  const keys = rowKeys(apply, close)
  const fromDrive = DriveFile !== undefined && !typed

  return (
    <div className="sw-rich-text-link sw-rich-text-image" data-testid="rich-text-image-row">
      {fromDrive ? (
        <>
          <label htmlFor={`${problemId}-file`} className="sw-visually-hidden">
            {t('Picture from the drive')}
          </label>
          <DriveFile
            field={{
              id: 'rich-text-image-file',
              name: t('Picture from the drive'),
              datatype: 'publicfolder',
              fileextension: PICTURE_FILES,
            }}
            value={drivePathOf(src) ?? ''}
            readOnly={false}
            id={`${problemId}-file`}
            onChange={(path) => {
              setSrc(typeof path === 'string' && path ? driveUrlOf(path) : '')
              setProblem(null)
            }}
          />
        </>
      ) : (
        <input
          className="sw-input"
          inputMode="url"
          aria-label={t('Image address')}
          value={src}
          data-testid="rich-text-image-address"
          onChange={(event) => {
            setSrc(event.target.value)
            setProblem(null)
          }}
          onKeyDown={keys}
        />
      )}
      {DriveFile ? (
        <Button onClick={() => setTyped(!typed)} data-testid="rich-text-image-switch">
          {typed ? t('Picture from the drive') : t('Type an address')}
        </Button>
      ) : null}
      <input
        ref={altInput}
        className="sw-input"
        aria-label={t('Alternative text')}
        placeholder={t('Alternative text')}
        aria-invalid={problem !== null || undefined}
        aria-describedby={problem ? problemId : undefined}
        value={alt}
        data-testid="rich-text-image-alt"
        onChange={(event) => {
          setAlt(event.target.value)
          setProblem(null)
        }}
        onKeyDown={keys}
      />
      <Button variant="primary" onClick={apply} data-testid="rich-text-image-apply">
        {selected ? t('Apply') : t('Insert')}
      </Button>
      <Button onClick={close}>{t('Cancel')}</Button>
      {problem ? (
        <p
          id={problemId}
          className="sw-field-error"
          role="alert"
          data-testid="rich-text-image-problem"
        >
          {problem}
        </p>
      ) : null}
    </div>
  )
}
