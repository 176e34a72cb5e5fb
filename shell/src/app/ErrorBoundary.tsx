import { Component, type ReactNode } from 'react';
import { reportClientError } from '../telemetry/clientEvents';

interface Props {
  readonly fallback: (error: unknown, reset: () => void) => ReactNode;
  readonly children: ReactNode;
}

/** Keeps a page's rendering error inside the page area: header, footer and banner keep working. */
export class ErrorBoundary extends Component<Props, { error: unknown; failed: boolean }> {
  override state = { error: null as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('A page failed to render:', error);
    reportClientError('render', error);
  }

  private readonly reset = () => this.setState({ error: null, failed: false });

  override render() {
    return this.state.failed ? this.props.fallback(this.state.error, this.reset) : this.props.children;
  }
}
