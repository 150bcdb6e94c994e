import { ErrorView } from '../kit/ErrorView.js'

/** An admin address no panel answers: the spec's 'Page not Found'. */
export function NotFound() {
  return <ErrorView title="ERROR_PAGE_NOT_FOUND" />
}
