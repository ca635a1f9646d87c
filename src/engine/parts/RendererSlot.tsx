import { createElement, Suspense, type ComponentType } from 'react';
import { Result, Skeleton } from 'antd';
import type { RendererProps } from '../renderers';
import { useEngineRegistry } from '../registry';
import { useEngineHost } from '../host';

const KIND_KEY = { list: 'rendererKindList', form: 'rendererKindForm', detail: 'rendererKindDetail' } as const;

/**
 * Draws a part with the renderer registered for its kind. Renderers load on first use; one not
 * registered yet shows a visible placeholder that names the kind, never an empty area.
 */
export function RendererSlot<K extends keyof RendererProps>({ kind, props }: { kind: K; props: RendererProps[K] }) {
  const { t } = useEngineHost();
  const Renderer = useEngineRegistry().renderers[kind];
  if (!Renderer) return <Result status="info" title={t('rendererMissing', { kind: t(KIND_KEY[kind]) })} />;
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
      {/* The renderer comes from a registry, so its identity is stable across renders. */}
      {createElement(Renderer as ComponentType<RendererProps[K]>, props)}
    </Suspense>
  );
}
