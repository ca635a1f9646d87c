import { useEffect, useId, useMemo, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, Card, Flex, Result, Tabs } from 'antd';
import { hasAccess } from '../contract/permissions';
import type { Part, Screen } from '../contract/screen';
import { useHolds } from './expressions';
import { useEngineHost } from './host';
import { LeafPart } from './parts/LeafPart';
import { NestedScreenContext } from './parts/nested';
import { preloadRenderer, useEngineRegistry } from './registry';
import { ScreenSkeleton } from './parts/ScreenSkeleton';
import { ScreenProblems } from './resolve/ScreenProblems';
import { useScreen } from './resolve/use-screen';
import { useThemeVars } from './theme';
import './engine.css';

/** Screens drawn inside screens (parts by id, openScreen): deep enough for real use, finite for cycles. */
const MAX_DEPTH = 4;

function PartBody({ screen, part, path, depth }: { screen: Screen; part: Part; path: string; depth: number }) {
  if (part.screen && !part.resource && !part.block) return <ScreenById id={part.screen} depth={depth + 1} />;
  return <LeafPart screen={screen} part={part} path={path} />;
}

/** A screen of any kind: a leaf, or tabs and sections holding leaves or other screens. */
export function ScreenView({ screen, depth = 0 }: { screen: Screen; depth?: number }) {
  const { t, lang, access } = useEngineHost();
  const holdsHere = useHolds();
  const [params] = useSearchParams();
  const query = useMemo(() => Object.fromEntries(params), [params]);
  // rc-tabs names its overflow button `${id}-more` from the id it is given, "null-more" without one:
  // two tab bars on a phone would share it.
  const tabsId = useId();
  if (screen.permissions?.view && !hasAccess(access, screen.permissions.view)) {
    return <Result status="403" title={t('screenForbidden')} />;
  }
  if (screen.kind !== 'tabs' && screen.kind !== 'sections') return <LeafPart screen={screen} part={screen} path="" />;

  const parts = (screen.parts ?? [])
    .map((part, i) => ({ part, path: `/parts/${i}` }))
    .filter(({ part }) => holdsHere(part.visible, { query }));
  if (screen.kind === 'tabs') {
    return (
      <Card className="engine-tabs-card">
        <Tabs
          id={tabsId}
          items={parts.map(({ part, path }) => ({
            key: part.key,
            label: part.title[lang],
            children: <PartBody screen={screen} part={part} path={path} depth={depth} />,
          }))}
        />
      </Card>
    );
  }
  return (
    <Flex vertical gap={16}>
      {parts.map(({ part, path }) => (
        <section key={part.key} className="engine-section" aria-label={part.title[lang]}>
          <h3 className="engine-section-title">{part.title[lang]}</h3>
          <PartBody screen={screen} part={part} path={path} depth={depth} />
        </section>
      ))}
    </Flex>
  );
}

function Resolved({ vuePath, depth, notFound }: { vuePath: string; depth: number; notFound: ReactNode }) {
  const { t } = useEngineHost();
  const registry = useEngineRegistry();
  const state = useScreen(vuePath);
  const loading = state.status === 'loading';
  // Most menu pages are lists: the list renderer's code downloads while the screen is read.
  useEffect(() => {
    if (loading) preloadRenderer(registry, 'list');
  }, [loading, registry]);
  switch (state.status) {
    case 'loading':
      // Its kind is not known yet; most menu pages are lists.
      return <ScreenSkeleton kind="list" />;
    case 'failed':
      return <Result status="error" title={t('screenLoadFailed')} extra={<Button onClick={state.retry}>{t('retry')}</Button>} />;
    case 'missing':
      return notFound;
    case 'invalid':
      return <ScreenProblems problems={state.problems} />;
    case 'ready':
      return <ScreenView screen={state.screen} depth={depth} />;
  }
}

function ScreenById({ id, depth = 1 }: { id: string; depth?: number }) {
  const { t } = useEngineHost();
  if (depth > MAX_DEPTH) return <ScreenProblems problems={[{ path: id, message: t('screenTooDeep', { depth: MAX_DEPTH }) }]} />;
  return <Resolved vuePath={id} depth={depth} notFound={<Result status="info" title={t('partNotFound', { id })} />} />;
}

/** What every top-level screen stands in: nested screens by id and the theme's variables. */
function ScreenFrame({ children }: { children: ReactNode }) {
  const vars = useThemeVars();
  return (
    <NestedScreenContext.Provider value={ScreenById}>
      <div className="engine-screen" style={vars}>
        {children}
      </div>
    </NestedScreenContext.Provider>
  );
}

/**
 * The screen of a menu item's vue_path (a native view, if any, was chosen before the engine
 * loaded): the published or bundled screen, else `notFound`.
 */
export function ScreenResolver({ vuePath, notFound }: { vuePath: string; notFound: ReactNode }) {
  return (
    <ScreenFrame>
      <Resolved vuePath={vuePath} depth={0} notFound={notFound} />
    </ScreenFrame>
  );
}

/** A screen given whole rather than by vue_path (the designer's live preview), framed as a resolved one is. */
export function ScreenPreviewView({ screen }: { screen: Screen }) {
  return (
    <ScreenFrame>
      <ScreenView screen={screen} />
    </ScreenFrame>
  );
}
