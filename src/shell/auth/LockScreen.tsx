import { useCallback, useEffect, useState, type CSSProperties, type FormEvent } from 'react';
import { Avatar, Button, Input, theme } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { settings } from '../../contract/settings';
import { useStore } from '../store';
import { useI18n } from '../i18n/I18nProvider';
import { request } from '../request/client';
import { lockStore } from './lock-store';
import { useAsyncAction } from '../hooks/useAsyncAction';
import { logout, sessionStore } from './session';
import './lock.css';

function useClock(): string {
  const [now, setNow] = useState(() => dayjs());
  useEffect(() => {
    const timer = setInterval(() => setNow(dayjs()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now.format('HH:mm');
}

/**
 * Covers the whole console while the session is locked: the router is not even mounted, so there
 * is no way around it but the real password (checked by the server) or logging out. Drawn light or
 * dark as the console was (app/LockScreenInColor.tsx).
 */
export default function LockScreen() {
  const { t } = useI18n();
  const session = useStore(sessionStore);
  const clock = useClock();
  const { token } = theme.useToken();
  // The theme's colours, light or dark as the console was (lock.css reads them).
  const colours = {
    '--lock-from': token.colorPrimaryActive,
    '--lock-via': token.colorPrimary,
    '--lock-to': token.colorPrimaryHover,
    '--lock-on-primary': token.colorTextLightSolid,
    '--lock-surface': token.colorBgElevated,
    '--lock-text': token.colorText,
    '--lock-text-secondary': token.colorTextSecondary,
    '--lock-error': token.colorError,
    '--lock-shadow': token.boxShadowSecondary,
    '--lock-radius': `${token.borderRadiusLG}px`,
  } as CSSProperties;
  const [password, setPassword] = useState('');
  const { busy, error, run } = useAsyncAction(
    useCallback(async (secret: string) => {
      await request('/api/index/unlock', { body: { password: secret }, silent: true });
      lockStore.set(false);
    }, []),
  );

  function unlock(event: FormEvent) {
    event.preventDefault();
    if (password) void run(password);
  }

  async function switchUser() {
    await logout();
    lockStore.set(false);
    window.location.assign('/login');
  }

  return (
    <div className="lock-screen" role="dialog" aria-modal="true" aria-label={t('lock.title')} style={colours}>
      <div className="lock-clock">{clock}</div>
      <form className="lock-card" onSubmit={unlock}>
        <Avatar size={72} src={session?.user_info.logo ?? settings.defaultAvatar} />
        <div className="lock-name">{session?.user_info.name ?? t('lock.title')}</div>
        <div className="lock-hint">{t('lock.hint')}</div>
        <Input.Password
          size="large"
          autoFocus
          prefix={<LockOutlined />}
          placeholder={t('login.password')}
          autoComplete="current-password"
          value={password}
          status={error ? 'error' : undefined}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="lock-error" role={error ? 'alert' : undefined}>
          {error}
        </div>
        <Button type="primary" size="large" htmlType="submit" block loading={busy}>
          {t('lock.unlock')}
        </Button>
        <Button type="link" onClick={switchUser}>
          {t('lock.switchUser')}
        </Button>
      </form>
    </div>
  );
}
