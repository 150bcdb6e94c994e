import { ErrorView } from '../kit/ErrorView.js'
import { useDocumentTitle } from '../kit/document-title.js'
import { useT } from '../kit/i18n.js'

/** An admin address no panel answers: the spec's 'Page not Found' (the server answered it 404). */
export function NotFound() {
  const t = useT()
  useDocumentTitle(t('Page not Found'))
  return <ErrorView title="ERROR_PAGE_NOT_FOUND" />
}
