/**
 * Nothing crashes the page: a render error in any part shows what failed and a way
 * back (reload the default scenario), as plain text: the error message is never
 * interpreted as HTML.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  readonly children: ReactNode;
  /** Where the failure happened, for the message ("The timeline"). */
  readonly what?: string;
  /** A class for the message, so it takes the place the failed part would have had. */
  readonly className?: string;
  readonly onReset?: () => void;
  /**
   * Called once the failure is shown (not in the render that caught it): a lazy part
   * forgets its failed import here (RetryableLazy.retry), so its next render fetches again.
   */
  readonly onError?: (error: Error) => void;
}

interface State {
  readonly error: Error | null;
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('kubeletscope:', error, info.componentStack);
    this.props.onError?.(error);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div
        role="alert"
        className={
          this.props.className ? `error-boundary ${this.props.className}` : 'error-boundary'
        }
      >
        <strong>{this.props.what ?? 'kubeletscope'} stopped working.</strong>
        <p>{error.message || String(error)}</p>
        <button
          type="button"
          onClick={() => {
            this.setState({ error: null });
            this.props.onReset?.();
          }}
        >
          Try again
        </button>{' '}
        <a href="./">Reload the default scenario</a>
      </div>
    );
  }
}
