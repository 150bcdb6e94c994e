import { useState } from 'react'
import type { PageProps } from '@shopwright/storefront/shared'
import { useSession, useT } from '@shopwright/storefront/react'
import { useBusyTask } from '../lib/busy-task.js'

/**
 * `/block/:recordtype/:id/:device?code=`: the "this was not me" link of a reset e-mail. One button
 * blocks that device from signing in to the account, proving with the link's code that the e-mail
 * was read; the screen then confirms ('Device Blocked').
 */
export function Block({ params, props }: PageProps) {
  const { client } = useSession()
  const t = useT()
  const [blocked, setBlocked] = useState(false)
  const { busy, run } = useBusyTask()
  const block = () =>
    run(t('Error'), async () => {
      await client.post(
        `/account/block/${encodeURIComponent(params.recordtype ?? '')}/${encodeURIComponent(params.id ?? '')}`,
        { device: params.device ?? '', code: props.code ?? '' },
      )
      setBlocked(true)
    })
  if (blocked)
    return (
      <section className="sw-form-page" data-testid="blocked">
        <h1>{t('Device Blocked')}</h1>
        <p>
          {t("We've stopped that device from attempting to login. Thank you for letting us know.")}
        </p>
      </section>
    )
  return (
    <section className="sw-form-page">
      <h1>{t('Block Device')}</h1>
      <p>
        {t(
          'Someone asked to reset your password from a device you do not know? Block that device from signing in to your account.',
        )}
      </p>
      <button
        type="button"
        className="sw-button sw-button-primary"
        disabled={busy}
        onClick={() => void block()}
        data-testid="block"
      >
        {t('Block Device')}
      </button>
    </section>
  )
}
