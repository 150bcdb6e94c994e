import { useId } from 'react'
import { displayBytes, Icon, shownError, useLanguage, useT } from '@shopwright/admin-ui/kit'
import { batchProgress, type UploadItem } from './uploads.js'
import type { UploadBatch } from './useUploads.js'

/** The panel's icon for a file's state. */
const STATE_ICONS: Readonly<Record<UploadItem['status'], string>> = {
  waiting: 'upload',
  sending: 'loading',
  done: 'check-circle',
  failed: 'alert-circle',
}

/**
 * The uploads in a corner of the screen, over the page but blocking nothing (README.md, "The
 * admin's folder view"): the whole batch as one bar, each file with its own progress or the
 * server's refusal, and once all are done a summary and a Close button. The summary is a status,
 * so screen readers hear how the batch ended without hearing every percent on the way.
 */
export function UploadPanel({ batch, dismiss }: { batch: UploadBatch; dismiss(): void }) {
  const t = useT()
  const { language } = useLanguage()
  const percent = new Intl.NumberFormat(language, { style: 'percent' })
  const titleId = useId()
  const { items, finished } = batch
  const total = batchProgress(items)
  const done = items.filter((item) => item.status === 'done').length
  const failed = items.filter((item) => item.status === 'failed').length
  const at = items.findIndex((item) => item.status === 'sending')
  return (
    <section className="drive-uploads" aria-labelledby={titleId} data-testid="uploads">
      <header className="drive-uploads-head">
        <h2 id={titleId}>
          {finished ? t('Uploaded') : t('Uploading {0} of {1}', Math.max(at, 0) + 1, items.length)}
        </h2>
        {finished ? (
          <button
            type="button"
            className="drive-uploads-close"
            onClick={dismiss}
            aria-label={t('Close')}
            data-testid="uploads-close"
          >
            <Icon name="close" size={18} />
          </button>
        ) : null}
      </header>
      <progress
        className="drive-uploads-total"
        max={total.size || 1}
        value={total.size ? total.sent : finished ? 1 : 0}
        aria-label={t('Uploaded {0} of {1}', done, items.length)}
        data-testid="upload-total"
      />
      <p role="status" className="drive-uploads-summary" data-testid="upload-summary">
        {finished
          ? t('{0} of {1, plural, one {# file} other {# files}} uploaded.', done, items.length)
          : ''}
        {finished && failed > 0
          ? ` ${t('{0, plural, one {# file was} other {# files were}} refused.', failed)}`
          : ''}
      </p>
      <ul className="drive-uploads-list">
        {items.map((item, index) => (
          <li
            key={`${index}-${item.name}`}
            className={`drive-upload drive-upload-${item.status}`}
            data-testid={`upload-${item.status}`}
          >
            <Icon name={STATE_ICONS[item.status]} size={18} spin={item.status === 'sending'} />
            <span className="drive-upload-name" title={item.name}>
              {item.name}
            </span>
            <span className="drive-upload-state">
              {item.status === 'failed'
                ? shownError(item.error, t).message
                : item.status === 'done'
                  ? displayBytes(item.size, t)
                  : item.status === 'waiting'
                    ? t('Waiting')
                    : percent.format(
                        item.size ? Math.floor((item.sent / item.size) * 100) / 100 : 0,
                      )}
            </span>
            {item.status === 'sending' ? (
              <progress
                max={item.size || 1}
                value={item.size ? item.sent : 0}
                aria-label={item.name}
              />
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  )
}
