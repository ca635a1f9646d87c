import { ScreenPreviewView } from '../../engine/ScreenView';
import type { Screen } from '../../contract/screen';
import { EngineHostAdapter } from '../engine/EngineHostAdapter';
import { ScreenErrorBoundary } from '../errors/ScreenErrorBoundary';

/**
 * The designer's live preview: the real renderer drawing the editor's last valid screen on real
 * data, in its own error boundary so a screen that throws cannot take the editor with it.
 */
export function ScreenPreview({ screen }: { screen: Screen }) {
  return (
    <EngineHostAdapter>
      <ScreenErrorBoundary key={JSON.stringify(screen)}>
        <ScreenPreviewView screen={screen} />
      </ScreenErrorBoundary>
    </EngineHostAdapter>
  );
}
