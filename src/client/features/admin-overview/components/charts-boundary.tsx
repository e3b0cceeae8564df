import { Component, type ReactNode } from 'react';
import { ErrorState } from '@/client/components/ui/list-states';

/**
 * Catches a failure to load or draw the charts (their code arrives in a separate
 * chunk, which a flaky connection can lose) so the rest of the dashboard stays up.
 */
export class ChartsBoundary extends Component<
  { children: ReactNode; className?: string },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <ErrorState
        className={this.props.className}
        title="The charts could not be shown"
        message="Their code did not load. Reload the page to try again."
        onRetry={() => window.location.reload()}
      />
    );
  }
}
