import { useLocation } from 'react-router-dom';
import { settings } from '../../contract/settings';

/** A thin bar across the top each time a route opens, at the spec's progress-bar speed. */
export function RouteProgress() {
  const { key } = useLocation();
  // Keyed by the visit, so every navigation replays the animation from the start.
  return <div key={key} className="console-progress" style={{ animationDuration: `${settings.progressBarSpeed}ms` }} />;
}
