import { Component, type ContextType, type ReactNode } from 'react'
import { TranslationContext } from './translation.js'

/**
 * The shell renders the route's component inside this boundary: a failing page shows
 * 'Unable to render.' with the message and a try-again button, and the header and footer stay
 * usable.
 */
export class PageBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  static override contextType = TranslationContext
  declare context: ContextType<typeof TranslationContext>
  override state: { error: unknown } = { error: undefined }

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('Unknown error') }
  }

  override render(): ReactNode {
    if (this.state.error === undefined) return this.props.children
    const { t } = this.context
    const message =
      this.state.error instanceof Error ? this.state.error.message : String(this.state.error)
    return (
      <section className="sw-page-error" role="alert">
        <h1>{t('ERROR_UNABLE_TO_RENDER')}</h1>
        <p>{message}</p>
        <button type="button" onClick={() => this.setState({ error: undefined })}>
          {t('Try Again')}
        </button>
      </section>
    )
  }
}
