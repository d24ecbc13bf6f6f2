import { Component, type ReactNode } from 'react';
import { ErrorScreen } from './error-screen';

type Props = { children: ReactNode; onError?: (error: unknown) => void };

/** Catches what the routes' own error screens cannot (the shell, global dialogs); Try again re-renders. */
export class ErrorBoundary extends Component<Props, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    this.props.onError?.(error);
  }

  override render() {
    if (this.state.error)
      return <ErrorScreen error={this.state.error} onTryAgain={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}
