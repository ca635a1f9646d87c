import { createElement, Suspense, type ComponentType } from 'react';
import { Result } from 'antd';
import type { RendererProps } from '../renderers';
import { useEngineRegistry } from '../registry';
import { useEngineHost } from '../host';
import { ScreenSkeleton } from './ScreenSkeleton';

const KIND_KEY = { list: 'rendererKindList', form: 'rendererKindForm', detail: 'rendererKindDetail' } as const;

/** The columns a form or detail will be drawn in, so its placeholder has them too. */
function skeletonColumns<K extends keyof RendererProps>(kind: K, props: RendererProps[K]): number | undefined {
  if (kind === 'form') return (props as RendererProps['form']).spec.columns ?? 1;
  if (kind === 'detail') return (props as RendererProps['detail']).spec.groups[0]?.columns;
  return undefined;
}

/**
 * Draws a part with the renderer registered for its kind. Renderers load on first use; one not
 * registered yet shows a visible placeholder that names the kind, never an empty area.
 */
export function RendererSlot<K extends keyof RendererProps>({ kind, props }: { kind: K; props: RendererProps[K] }) {
  const { t } = useEngineHost();
  const Renderer = useEngineRegistry().renderers[kind];
  if (!Renderer) return <Result status="info" title={t('rendererMissing', { kind: t(KIND_KEY[kind]) })} />;
  return (
    <Suspense fallback={<ScreenSkeleton kind={kind} columns={skeletonColumns(kind, props)} />}>
      {/* The renderer comes from a registry, so its identity is stable across renders. */}
      {createElement(Renderer as ComponentType<RendererProps[K]>, props)}
    </Suspense>
  );
}
