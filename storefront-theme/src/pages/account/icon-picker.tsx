import { useState } from 'react'
import { useSession, useT } from '@shopwright/storefront/react'
import { useAlert } from '../../components/Alert.js'
import { Modal } from '../../components/Modal.js'

interface Generated {
  seed: string
  svg: string
}

/**
 * The account icon's picker: 32 generated icons, or an upload of the visitor's own picture.
 * `openPicker` opens it with fresh icons; `picker` is the dialog to render. `onChanged` hears the
 * image's new version, which the icon's address carries.
 */
export function useIconPicker(onChanged: (version: number) => void) {
  const { client, account } = useSession()
  const alert = useAlert()
  const t = useT()
  const [icons, setIcons] = useState<Generated[] | null>(null)
  const [open, setOpen] = useState(false)
  const onClose = () => setOpen(false)

  const openPicker = async () => {
    setOpen(true)
    setIcons(null)
    try {
      setIcons(
        (await client.get<{ images: Generated[] }>('/account/image/generate', { count: 32 }))
          .images,
      )
    } catch (failure) {
      setOpen(false)
      await alert(t('Unable to Generate Image'), failure)
    }
  }
  const changed = (version: number) => {
    onChanged(version)
    setOpen(false)
  }
  const pick = async (seed: string) => {
    if (!account) return
    try {
      const answer = await client.post<{ version: number }>(
        `/account/image/${account.type}/${account.id}`,
        { seed },
      )
      changed(answer.version)
    } catch (failure) {
      await alert(t('Unable to Select'), failure)
    }
  }
  const upload = async (file: File) => {
    try {
      changed((await client.upload<{ version: number }>('/account/image/upload', file)).version)
    } catch (failure) {
      await alert(t('Unable to Upload'), failure)
    }
  }
  // A native modal: focus stays inside, the page behind is inert, Escape closes it.
  const picker = (
    <Modal
      open={open}
      onClose={onClose}
      className="sw-modal sw-icon-picker"
      aria-labelledby="sw-icon-title"
      data-testid="icon-picker"
    >
      <h2 id="sw-icon-title">{t('Choose an Icon')}</h2>
      {icons === null ? (
        <p className="sw-muted">{t('Loading...')}</p>
      ) : (
        <div className="sw-icon-grid">
          {icons.map((icon) => (
            <button
              key={icon.seed}
              type="button"
              className="sw-icon-button"
              onClick={() => void pick(icon.seed)}
              data-testid="generated-icon"
              aria-label={t('Choose this icon')}
            >
              <img
                src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(icon.svg)}`}
                alt=""
                width={48}
                height={48}
              />
            </button>
          ))}
        </div>
      )}
      <label className="sw-field">
        <span>{t('Upload a Picture')}</span>
        <input
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp,image/svg+xml"
          data-testid="icon-upload"
          onChange={(event) => {
            const file = event.target.files?.[0]
            if (file) void upload(file)
          }}
        />
      </label>
      <div className="sw-form-actions">
        <span />
        <button type="button" className="sw-button" onClick={onClose}>
          {t('Close')}
        </button>
      </div>
    </Modal>
  )
  return { openPicker, picker }
}
