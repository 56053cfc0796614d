import { Component, type ReactNode } from 'react';

interface Props {
  /** what shows in place of the children once they failed; `retry` renders them again */
  fallback: (error: Error, retry: () => void) => ReactNode;
  children: ReactNode;
}

/** React's error boundary as a component: a failing part shows its fallback, the rest goes on */
export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  render() {
    const { error } = this.state;
    return error ? this.props.fallback(error, () => this.setState({ error: null })) : this.props.children;
  }
}
