import { useState } from 'react'
import type { PageProps } from '@shopwright/storefront/shared'
import { useSession, useT } from '@shopwright/storefront/react'
import { useAlert } from '../../components/Alert.js'
import { Modal } from '../../components/Modal.js'
import { useProfile } from './profile.js'

interface Generated {
  seed: string
  svg: string
}

/**
 * `/account`: banner, icon and name. The icon opens the picker: 32 generated icons, or an upload
 * of the visitor's own picture.
 */
export function Overview(_props: PageProps) {
  const { client, account } = useSession()
  const { state } = useProfile()
  const alert = useAlert()
  const t = useT()
  const [version, setVersion] = useState(0)
  const [icons, setIcons] = useState<Generated[] | null>(null)
  const [open, setOpen] = useState(false)
  if (!account || state.status !== 'loaded') return null
  const { profile } = state
  const name = [profile.firstname, profile.lastname].filter(Boolean).join(' ') || account.name

  const openPicker = async () => {
    setOpen(true)
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
  const pick = async (seed: string) => {
    try {
      const answer = await client.post<{ version: number }>(
        `/account/image/${account.type}/${account.id}`,
        { seed },
      )
      setVersion(answer.version)
      setOpen(false)
    } catch (failure) {
      await alert(t('Unable to Select'), failure)
    }
  }
  const upload = async (file: File) => {
    try {
      const answer = await client.upload<{ version: number }>('/account/image/upload', file)
      setVersion(answer.version)
      setOpen(false)
    } catch (failure) {
      await alert(t('Unable to Upload'), failure)
    }
  }
  return (
    <section className="sw-account-overview">
      <div className="sw-banner">
        <button
          type="button"
          className="sw-icon-button"
          onClick={() => void openPicker()}
          data-testid="account-icon"
          aria-label={t('Change your icon')}
        >
          <img
            src={`/query/account/image/get/${account.type}/${account.id}?t=${version}`}
            alt=""
            width={96}
            height={96}
          />
        </button>
        <div>
          <h1>{name}</h1>
          <p className="sw-muted">{profile.email}</p>
        </div>
      </div>
      {/* A native modal: focus stays inside, the page behind is inert, Escape closes it. */}
      <Modal
        open={open}
        onClose={() => setOpen(false)}
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
          <button type="button" className="sw-button" onClick={() => setOpen(false)}>
            {t('Close')}
          </button>
        </div>
      </Modal>
    </section>
  )
}
