import { useState } from 'react'
import { Icon, usePluginFieldEditor, useT, type FieldEditorProps } from '@shopwright/admin-ui/kit'
import { drivePathOf, driveUrlOf, previewUrl, PREVIEW_WIDTH } from './image-url.js'
import './commerce.css'

type Image = Record<string, unknown>

/**
 * What the picker lets staff choose: the drive's `image` keyword (its spec's list: jpg, png, gif,
 * svg...) and the formats it lacks that shops use most, webp and avif.
 */
const PICTURE_FILES = 'image,webp,avif'

const textOf = (value: unknown) => (typeof value === 'string' ? value : '')

/**
 * The editor of an embedded image (`webimage`: `{ url, alt }`): a preview at 200 px beside the
 * picture and its alternative text. The picture is chosen from the drive's public folder with the
 * drive's own picker, which shows thumbnails (the editor the drive plugin supplies for
 * `publicfolder` fields), or typed as an address when the drive is not running or staff choose
 * one. A part emptied is left out of the image; an image with neither is none (null: a `record`
 * field then holds no image).
 */
export default function ImageEditor({ field, value, onChange, readOnly, id }: FieldEditorProps) {
  const t = useT()
  const DriveFile = usePluginFieldEditor('publicfolder')
  const image: Image = typeof value === 'object' && value !== null ? (value as Image) : {}
  const url = textOf(image.url)
  const alt = textOf(image.alt)
  const preview = previewUrl(url)
  const drivePath = drivePathOf(url)
  // An address that is not a drive file is typed; staff may switch either way.
  const [typed, setTyped] = useState(() => url.trim() !== '' && drivePath === null)
  // The address that failed to load: a new address is tried again.
  const [failed, setFailed] = useState<string | null>(null)
  const set = (part: 'url' | 'alt', text: string) => {
    const next: Image = { ...image }
    if (text.trim() === '') delete next[part]
    else next[part] = text
    onChange(Object.keys(next).length > 0 ? next : null)
  }
  const fromDrive = DriveFile !== undefined && !typed
  return (
    <div className="sw-image-editor" data-testid={`image-${field.id}`}>
      <div className="sw-image-preview" style={{ width: PREVIEW_WIDTH }}>
        {preview && failed !== preview ? (
          <img src={preview} alt={alt} onError={() => setFailed(preview)} />
        ) : (
          <span className="sw-image-none">
            <Icon name="image-frame" size={32} />
            <span>{url ? t('No preview') : t('No picture')}</span>
          </span>
        )}
      </div>
      <div className="sw-image-parts">
        {fromDrive ? (
          <div className="sw-image-part">
            {/* The drive's editor puts `id` on its input: this names it, in a gallery too. */}
            <label htmlFor={id}>{t('Picture from the drive')}</label>
            <DriveFile
              field={{
                id: `${field.id}-file`,
                name: t('Picture from the drive'),
                datatype: 'publicfolder',
                fileextension: PICTURE_FILES,
              }}
              value={drivePath ?? ''}
              readOnly={readOnly}
              id={id}
              onChange={(path) =>
                set('url', typeof path === 'string' && path ? driveUrlOf(path) : '')
              }
            />
          </div>
        ) : (
          <label className="sw-image-part">
            <span>{t('Image address')}</span>
            <input
              id={id}
              className="sw-input"
              value={url}
              readOnly={readOnly}
              onChange={(event) => set('url', event.target.value)}
              data-testid={`image-url-${field.id}`}
            />
          </label>
        )}
        {DriveFile !== undefined && !readOnly ? (
          <button
            type="button"
            className="sw-image-switch"
            onClick={() => setTyped(!typed)}
            data-testid={`image-switch-${field.id}`}
          >
            {typed ? t('Choose from the drive') : t('Type an address instead')}
          </button>
        ) : null}
        <label className="sw-image-part">
          <span>{t('Alternative text')}</span>
          <input
            className="sw-input"
            value={alt}
            readOnly={readOnly}
            onChange={(event) => set('alt', event.target.value)}
            data-testid={`image-alt-${field.id}`}
          />
        </label>
      </div>
    </div>
  )
}
