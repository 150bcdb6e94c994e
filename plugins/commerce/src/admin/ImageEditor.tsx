import { useState } from 'react'
import { Icon, useT, type FieldEditorProps } from '@shopwright/admin-ui/kit'
import { previewUrl, PREVIEW_WIDTH } from './image-url.js'
import './commerce.css'

type Image = Record<string, unknown>

const textOf = (value: unknown) => (typeof value === 'string' ? value : '')

/**
 * The editor of an embedded image (`webimage`: `{ url, alt }`): the address and the alternative
 * text, beside a preview of the address at 200 px. A part emptied is left out of the image; an
 * image with neither is none (null: a `record` field then holds no image).
 */
export default function ImageEditor({ field, value, onChange, readOnly, id }: FieldEditorProps) {
  const t = useT()
  const image: Image = typeof value === 'object' && value !== null ? (value as Image) : {}
  const url = textOf(image.url)
  const alt = textOf(image.alt)
  const preview = previewUrl(url)
  // The address that failed to load: a new address is tried again.
  const [failed, setFailed] = useState<string | null>(null)
  const set = (part: 'url' | 'alt', text: string) => {
    const next: Image = { ...image }
    if (text.trim() === '') delete next[part]
    else next[part] = text
    onChange(Object.keys(next).length > 0 ? next : null)
  }
  return (
    <div className="sw-image-editor" data-testid={`image-${field.id}`}>
      <div className="sw-image-preview" style={{ width: PREVIEW_WIDTH }}>
        {preview && failed !== preview ? (
          <img src={preview} alt={alt} onError={() => setFailed(preview)} />
        ) : (
          <span className="sw-image-none">
            <Icon name="image-frame" size={32} />
            <span>{t('No preview')}</span>
          </span>
        )}
      </div>
      <div className="sw-image-parts">
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
