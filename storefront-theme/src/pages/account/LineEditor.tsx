import type { FormEvent, ReactNode } from 'react'
import { Form } from '../../components/Form.js'
import { FormActions } from '../../components/FormActions.js'

/**
 * The page of a profile line's editor (an address, a card): its title, the form of the fields
 * given, then Delete (not for a new line) and Save. Test ids are `{testId}-form`,
 * `{testId}-delete` and `{testId}-save`.
 */
export function LineEditor({
  title,
  isNew,
  onSave,
  onDelete,
  testId,
  children,
}: {
  title: string
  isNew: boolean
  onSave(event: FormEvent<HTMLFormElement>): void
  onDelete(): void
  testId: string
  children: ReactNode
}) {
  return (
    <section className="sw-form-page">
      <h1>{title}</h1>
      <Form onSubmit={onSave} data-testid={`${testId}-form`}>
        {children}
        <FormActions isNew={isNew} onDelete={onDelete} testId={testId} />
      </Form>
    </section>
  )
}
