import { Dialog, shownError, useT, type Dialogs, type Translate } from '@shopwright/admin-ui/kit'

/** The parts of an Auto-Fill failure the dialog shows. */
export interface TranslateFailure {
  message: string
  reason?: string
  stack?: string
}

function TranslateErrorDialog({
  failure,
  onClose,
}: {
  failure: TranslateFailure
  onClose(): void
}) {
  const t = useT()
  return (
    <Dialog
      title={t('Unable to Translate')}
      onClose={onClose}
      actions={[{ label: t('OK'), testId: 'dialog-ok', primary: true, run: onClose }]}
    >
      <div data-testid="translate-error">
        <p className="sw-dialog-message">{failure.message}</p>
        {failure.reason ? <pre className="sw-dialog-detail">{failure.reason}</pre> : null}
        {failure.stack ? (
          <details className="translation-stack">
            <summary>{t('Stack')}</summary>
            <pre className="sw-dialog-detail">{failure.stack}</pre>
          </details>
        ) : null}
      </div>
    </Dialog>
  )
}

/**
 * 'Unable to Translate', shown with the stack: the service's failure is for whoever runs the server
 * to fix, so the message comes with the reason and the stack to pass on.
 */
export function showTranslateError(dialogs: Dialogs, t: Translate, error: unknown): Promise<null> {
  const failure = shownError(error, t)
  return dialogs.open<null>(
    ({ close }) => <TranslateErrorDialog failure={failure} onClose={() => close(null)} />,
    'md',
  )
}
