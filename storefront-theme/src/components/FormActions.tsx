import { useT } from '@shopwright/storefront/react'

/** An editor's buttons: Delete (not for a new line) on the left, Save on the right. */
export function FormActions({
  isNew,
  onDelete,
  testId,
}: {
  isNew: boolean
  onDelete(): void
  testId: string
}) {
  const t = useT()
  return (
    <div className="sw-form-actions">
      {isNew ? (
        <span />
      ) : (
        <button
          type="button"
          className="sw-button"
          onClick={onDelete}
          data-testid={`${testId}-delete`}
        >
          {t('Delete')}
        </button>
      )}
      <button type="submit" className="sw-button sw-button-primary" data-testid={`${testId}-save`}>
        {t('Save')}
      </button>
    </div>
  )
}
