import { Component, Fragment, type ReactNode } from 'react';
import { Button, Result } from 'antd';
import { useI18n } from '../i18n/I18nProvider';
import { useStore } from '../store';
import { sessionStore } from '../auth/session';
import { accessSubject } from '../auth/Permission';
import { recordError } from './error-log';

function ScreenErrorPanel({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useI18n();
  const admin = accessSubject(useStore(sessionStore)).admin;
  return (
    <Result
      status="error"
      title={t('errorLog.screenFailed')}
      subTitle={
        <>
          <div>{error.message}</div>
          <div>{t('errorLog.screenFailedHint')}</div>
        </>
      }
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('errorLog.retry')}
        </Button>
      }
    >
      {admin && error.stack ? (
        <pre aria-label={t('errorLog.stack')} style={{ whiteSpace: 'pre-wrap', fontSize: 12, margin: 0 }}>
          {error.stack}
        </pre>
      ) : null}
    </Result>
  );
}

interface State {
  error: Error | null;
  /** Bumped by retry so the screen mounts afresh rather than resuming its broken state. */
  attempt: number;
}

/**
 * One per screen: a screen that throws while rendering shows this panel in its place, and the
 * frame around it (menu, tabs, other screens) keeps working. React has no hook for this yet.
 */
export class ScreenErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, attempt: 0 };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown): void {
    recordError(error, 'render');
  }

  private readonly retry = () => this.setState(({ attempt }) => ({ error: null, attempt: attempt + 1 }));

  override render() {
    if (this.state.error) return <ScreenErrorPanel error={this.state.error} onRetry={this.retry} />;
    return <Fragment key={this.state.attempt}>{this.props.children}</Fragment>;
  }
}
