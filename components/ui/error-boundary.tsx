/**
 * The error fallback (spec sections 2, 4, 8): on a render error the page reloads itself up to
 * three times (the count is kept in storage and reset 3 s after a start), then shows
 * 'Oops, there is an error!' with 'Try again?' and 'Go Home'.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { readStored, STORAGE_KEYS, writeStored } from '@/lib/state/storage';
import styles from './error-boundary.module.css';

export const MAX_AUTO_RELOADS = 3;
export const RELOAD_COUNTER_RESET_MS = 3000;

type Props = { children: ReactNode; reload?: () => void };
type State = { failed: boolean };

export class ErrorBoundary extends Component<Props, State> {
  state: State = { failed: false };
  private resetTimer: ReturnType<typeof setTimeout> | undefined;

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  componentDidMount(): void {
    // A page that stays up for 3 s is healthy again: forget earlier reloads.
    this.resetTimer = setTimeout(() => writeStored(STORAGE_KEYS.reloadCount, null), RELOAD_COUNTER_RESET_MS);
  }

  componentWillUnmount(): void {
    clearTimeout(this.resetTimer);
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Render error:', error, info.componentStack);
    clearTimeout(this.resetTimer);
    const count = readStored<number>(STORAGE_KEYS.reloadCount) ?? 0;
    if (count < MAX_AUTO_RELOADS) {
      writeStored(STORAGE_KEYS.reloadCount, count + 1);
      this.reload();
    }
  }

  private reload = (): void => {
    if (this.props.reload) this.props.reload();
    else window.location.reload();
  };

  private tryAgain = (): void => {
    writeStored(STORAGE_KEYS.reloadCount, null);
    this.reload();
  };

  render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <main className={styles.fallback} role="alert">
        <h1>Oops, there is an error!</h1>
        <div className={styles.actions}>
          <button type="button" onClick={this.tryAgain}>
            Try again?
          </button>
          {/* A full page load: the app's state is what failed, so start it afresh. */}
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
          <a href="/">Go Home</a>
        </div>
      </main>
    );
  }
}
