import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { App as AntApp } from 'antd';
import { settings } from '../../contract/settings';
import { shellEvents } from '../events';
import { resetSession } from '../auth/session';

/** Turns the request client's events into navigation and messages. */
export function ShellEventsBridge() {
  const navigate = useNavigate();
  const { message } = AntApp.useApp();

  useEffect(() => {
    const duration = settings.messageDuration / 1000;
    const onReset = (reason: string) => {
      resetSession();
      const here = window.location.pathname + window.location.search;
      const query = new URLSearchParams({ reason });
      if (!here.startsWith('/login')) query.set('redirect', here);
      navigate(`/login?${query}`, { replace: true });
    };
    const onForbidden = () => navigate('/403');
    const onError = (msg: string) => void message.error(msg, duration);
    const onLocked = (msg: string) => void message.warning(msg, duration);
    shellEvents.on('session:reset', onReset);
    shellEvents.on('session:forbidden', onForbidden);
    shellEvents.on('notify:error', onError);
    shellEvents.on('session:locked', onLocked);
    return () => {
      shellEvents.off('session:reset', onReset);
      shellEvents.off('session:forbidden', onForbidden);
      shellEvents.off('notify:error', onError);
      shellEvents.off('session:locked', onLocked);
    };
  }, [navigate, message]);
  return null;
}
