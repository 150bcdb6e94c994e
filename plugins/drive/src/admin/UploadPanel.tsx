import { shownError, useT } from '@shopwright/admin-ui/kit'
import { batchProgress, type UploadItem } from './uploads.js'

/**
 * The progress of an upload batch: the file being sent and the whole batch as bars, and each
 * refused file with the server's message as soon as it is refused.
 */
export function UploadPanel({ items }: { items: readonly UploadItem[] }) {
  const t = useT()
  const current = items.find((item) => item.status === 'sending')
  const total = batchProgress(items)
  const failed = items.filter((item) => item.status === 'failed')
  // Only what the drive took counts as uploaded; a refused file shows below instead.
  const done = items.filter((item) => item.status === 'done').length
  return (
    <div className="drive-uploads" data-testid="uploads">
      {current ? (
        <label className="drive-upload-bar">
          <span>{current.name}</span>
          <progress max={current.size || 1} value={current.size ? current.sent : 0} />
        </label>
      ) : null}
      <label className="drive-upload-bar">
        <span>{t('Uploaded {0} of {1}', done, items.length)}</span>
        <progress
          max={total.size || 1}
          value={total.size ? total.sent : 0}
          data-testid="upload-total"
        />
      </label>
      {failed.length > 0 ? (
        <div role="alert" className="drive-upload-failures" data-testid="upload-failures">
          <strong>{t('Unable to Upload')}</strong>
          <ul>
            {failed.map((item, index) => (
              <li key={`${index}-${item.name}`}>
                {item.name}: {shownError(item.error, t).message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  )
}
