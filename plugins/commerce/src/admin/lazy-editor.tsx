import { lazy, Suspense, type ComponentType } from 'react'
import { Placeholder, type FieldEditor, type FieldEditorProps } from '@shopwright/admin-ui/kit'

/**
 * An editor whose code loads with the first form that shows its field, not with the admin (this
 * module is part of the admin's first load): placeholder bars stand in its place until then.
 */
export function lazyEditor(
  load: () => Promise<{ default: ComponentType<FieldEditorProps> }>,
): FieldEditor {
  const Editor = lazy(load)
  return function LazyEditor(props: FieldEditorProps) {
    return (
      <Suspense fallback={<Placeholder lines={2} />}>
        <Editor {...props} />
      </Suspense>
    )
  }
}
