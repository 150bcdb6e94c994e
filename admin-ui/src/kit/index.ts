/**
 * The admin UI kit: what plugin panels build their screens with. Import from
 * `@shopwright/admin-ui/kit`; the app's client and session hooks are here too, so a panel needs
 * nothing else from the admin.
 */
import './styles/base.css'
// Inputs are the kit's for every panel, not only for the record form's chunk that uses FieldInput.
import './styles/fields.css'

export { Icon, type IconProps } from './Icon.js'
export { drivePathOf, driveUrlOf } from './drive-address.js'
export { ICONS } from './icons.js'
export { Button, type ButtonProps } from './Button.js'
export { DeleteSelectedButton, RefreshButton } from './ToolbarButtons.js'
export { Breadcrumbs, type Crumb } from './Breadcrumbs.js'
export { SaveState, type SaveStateProps, type SaveStatus } from './SaveState.js'
export { documentTitle, useDocumentTitle } from './document-title.js'
export {
  Dialog,
  DialogProvider,
  useDialogs,
  type DialogAction,
  type DialogControl,
  type DialogProps,
  type DialogSize,
  type Dialogs,
} from './dialogs.js'
export { ErrorBoundary } from './ErrorBoundary.js'
export {
  DashboardCard,
  DashboardFigure,
  Sparkline,
  type DashboardCardProps,
} from './DashboardCard.js'
export { ErrorView, type ErrorViewProps } from './ErrorView.js'
export { shownError, type ShownError } from './errors.js'
export {
  englishOnly,
  LanguageContext,
  TranslateContext,
  useLanguage,
  useT,
  type AdminLanguage,
  type Translate,
} from './i18n.js'
export { useQueryData, type QueryData } from './useQueryData.js'
export { usePagedRows, type PagedRows, type RowPage } from './usePagedRows.js'
export { readOrNull } from './read-or-null.js'
export {
  DEFAULT_SITE_SETTINGS,
  SiteSettingsContext,
  siteSettingsOf,
  usePageSize,
  useTitleSuffix,
} from './site-settings.js'
export * from './autosave.js'
export { FieldInput, type FieldInputProps, type ValueEditorProps } from './fields/FieldInput.js'
export {
  EmbeddedEditorsContext,
  FieldEditorsContext,
  PAGE_LINK_EDITOR,
  useEmbeddedEditor,
  usePluginFieldEditor,
  type FieldEditor,
  type FieldEditorProps,
  type FieldEditors,
  type PageLinkChoice,
} from './fields/field-editors.js'
export {
  RecordSectionsContext,
  useRecordSections,
  type RecordSection,
  type RecordSectionProps,
  type RecordSections,
} from './fields/record-sections.js'
export { InputGroup, type InputGroupProps } from './InputGroup.js'
export { SearchInput, type SearchInputProps } from './SearchInput.js'
export {
  FieldSourceContext,
  FormValuesContext,
  useChoices,
  useEntryChoices,
  type Choice,
  type FieldSource,
} from './fields/field-source.js'
export * from './cells.js'
export * from './Table.js'
export * from './TableParts.js'
export * from './Pagination.js'
export * from './MonthPicker.js'
export * from './Placeholder.js'
export * from './Popup.js'
export * from './Grid.js'
export * from './LazyImage.js'
export { useClient, useClientApi } from '../app/client.js'
export { useAccess, useSession, type SessionState } from '../app/session.js'
export type { Identity } from '../registry/index.js'
