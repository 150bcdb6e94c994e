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
          Delete
        </button>
      )}
      <button type="submit" className="sw-button sw-button-primary" data-testid={`${testId}-save`}>
        Save
      </button>
    </div>
  )
}
