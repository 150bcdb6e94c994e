import type { DialogAction, DialogControl } from '@shopwright/admin-ui/kit'

/**
 * The Cancel and OK buttons of the editor's dialogs (Details, Languages): Cancel closes with
 * nothing, OK validates first, then closes with what `value` reads at that moment.
 */
export function cancelOk<T>(
  t: (text: string) => string,
  control: DialogControl<T>,
  value: () => T,
): DialogAction[] {
  return [
    { label: t('Cancel'), testId: 'dialog-cancel', run: () => control.close(null) },
    {
      label: t('OK'),
      testId: 'dialog-ok',
      primary: true,
      validates: true,
      run: () => control.close(value()),
    },
  ]
}
