import { Component, type ComponentChildren } from 'preact';

interface Props {
  /** Shown instead of the children when they throw while rendering. */
  fallback: ComponentChildren;
  /** A new value gives the children another try (new data may render fine). */
  retryOn: unknown;
  children: ComponentChildren;
}

/** Keeps one part of a page that cannot render its data from blanking the whole page. */
export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static override getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidUpdate(previous: Props) {
    if (this.state.failed && previous.retryOn !== this.props.retryOn)
      this.setState({ failed: false });
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
