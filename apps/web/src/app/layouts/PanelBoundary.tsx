import { Component, type ErrorInfo, type ReactNode } from 'react';

interface PanelBoundaryProps {
  /** What shows instead of a panel that failed; nothing by default. */
  fallback?: ReactNode | ((retry: () => void) => ReactNode);
  /** Which panel, for the console. */
  name: string;
  children: ReactNode;
}

interface PanelBoundaryState {
  failed: boolean;
}

/**
 * Keeps one failing widget (a header figure, a dashboard card) from taking the whole page down
 * with it: the rest of the page keeps working and the failure is logged.
 */
export class PanelBoundary extends Component<PanelBoundaryProps, PanelBoundaryState> {
  override state: PanelBoundaryState = { failed: false };

  static getDerivedStateFromError(): PanelBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`${this.props.name} failed`, error, info.componentStack);
  }

  private retry = () => this.setState({ failed: false });

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    const { fallback = null } = this.props;
    return typeof fallback === 'function' ? fallback(this.retry) : fallback;
  }
}
