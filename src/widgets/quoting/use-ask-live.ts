import { useEffect, useEffectEvent } from 'react';
import { useWidgetHost } from '../interface/host';

/**
 * Reads the ask again when a live frame names it: a quote arrived or changed, the ask changed
 * state. The frames carry no price; the read goes through the user's own visibility.
 */
export function useAskLive(askNo: string | undefined, refresh: () => void): void {
  const { onLive } = useWidgetHost();
  const refreshNow = useEffectEvent(refresh);
  useEffect(() => {
    if (!askNo) return;
    const heard = (content: { ask_no: string }) => {
      if (content.ask_no === askNo) refreshNow();
    };
    const stopQuotes = onLive('quoting.quote', heard);
    const stopAsks = onLive('quoting.ask', heard);
    return () => {
      stopQuotes();
      stopAsks();
    };
  }, [askNo, onLive]);
}
