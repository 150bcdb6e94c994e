import { Component, type ErrorInfo, type ReactNode } from 'react'
import { Button } from './Button.js'
import { ErrorView } from './ErrorView.js'
import { useT } from './i18n.js'

interface BoundaryProps {
  children: ReactNode
  /** Changes of this key (the address) clear a shown error: a new page gets a fresh try. */
  resetKey?: unknown
  onError?(error: unknown, info: ErrorInfo): void
}

interface BoundaryState {
  error: unknown
  key: unknown
}

function TryAgain({ error, retry }: { error: unknown; retry(): void }) {
  const t = useT()
  return (
    <ErrorView title="ERROR_UNABLE_TO_RENDER" error={error}>
      <Button icon="refresh" onClick={retry} data-testid="try-again">
        {t('Try Again')}
      </Button>
    </ErrorView>
  )
}

/**
 * Catches a screen that fails to render and shows ERROR_UNABLE_TO_RENDER with the message and a
 * try-again button, so one broken panel never blanks the whole admin.
 */
export class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: undefined, key: this.props.resetKey }

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    // Something threw nothing: shown as the catalogue's internal error, in the admin's language.
    return { error: error ?? new Error('ERROR_INTERNAL') }
  }

  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    return props.resetKey !== state.key ? { error: undefined, key: props.resetKey } : null
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.props.onError?.(error, info)
  }

  override render(): ReactNode {
    if (this.state.error === undefined) return this.props.children
    return <TryAgain error={this.state.error} retry={() => this.setState({ error: undefined })} />
  }
}
