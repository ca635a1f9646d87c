import { createElement, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, Result, Skeleton } from 'antd';
import type { ResourceDefinition } from '../../contract/resource';
import type { Part, Screen } from '../../contract/screen';
import { checkScreenFields } from '../../contract/screen-check';
import { widgetOf } from '../../widgets/interface/registry';
import { preloadRenderer, useEngineRegistry } from '../registry';
import { ActionScope, useActionScope } from '../actions/ActionScope';
import { useResourceDefinition } from '../data';
import { useEngineHost } from '../host';
import { FieldProblems, ScreenProblems } from '../resolve/ScreenProblems';
import { leafKind } from './leaf-kind';
import { structureKey } from '../structure';
import { RendererSlot } from './RendererSlot';
import { ScreenSkeleton } from './ScreenSkeleton';

function Block({ screen, part }: { screen: Screen; part: Screen | Part }) {
  const Widget = widgetOf(useEngineRegistry(), 'block', part.block!.widget);
  return <Suspense fallback={<Skeleton active />}>{createElement(Widget, { screen, options: part.block!.options ?? {} })}</Suspense>;
}

/** A standalone form page (kind form): it starts over after each save. */
function FormPage({ screen, part, definition }: { screen: Screen; part: Screen | Part; definition: ResourceDefinition }) {
  const [round, setRound] = useState(0);
  const spec = useMemo(() => part.form ?? {}, [part.form]);
  return (
    <RendererSlot
      key={`${structureKey(spec)}#${round}`}
      kind="form"
      props={{
        screen,
        definition,
        spec,
        mode: 'page',
        // The form renderer has said it saved; the page starts a new record.
        onSaved: () => setRound((n) => n + 1),
        onCancel: () => setRound((n) => n + 1),
      }}
    />
  );
}

/** A detail page (kind detail) shows the record its tab's query names: `?id=12`. */
function DetailPage({ screen, part, definition }: { screen: Screen; part: Screen | Part; definition: ResourceDefinition }) {
  const { t } = useEngineHost();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  if (!Number.isInteger(id) || id < 1) return <Result status="info" title={t('detailNeedsId')} />;
  return <RendererSlot kind="detail" props={{ screen, definition, spec: part.detail!, id }} />;
}

/**
 * A list opened with `?view=12` (a link from elsewhere: 商品统计's goods rows) shows that record's
 * detail over it, as its row's 查看 would; once per id, so closing it leaves the list.
 */
function ViewNamedRecord({ part, definition }: { part: Screen | Part; definition: ResourceDefinition }) {
  const { lang, t } = useEngineHost();
  const { open } = useActionScope();
  const [params] = useSearchParams();
  const id = Number(params.get('view'));
  const opened = useRef<number | null>(null);
  const view = part.list?.rowActions?.find((action) => action.kind === 'view');
  useEffect(() => {
    if (!view || !Number.isInteger(id) || id < 1 || opened.current === id) return;
    opened.current = id;
    open({ kind: 'detail', mode: view.mode ?? 'drawer', title: t('openingTitle', { action: view.label[lang], resource: definition.title[lang] }), id });
  }, [view, id, open, t, lang, definition]);
  return null;
}

/** Admins learn which fields the screen names that the resource lacks; the parts draw without them. */
function useFieldProblems(part: Screen | Part, definition: ResourceDefinition | undefined) {
  const { isAdmin, lang } = useEngineHost();
  return useMemo(() => {
    if (!isAdmin || !definition) return [];
    // Related lists are the detail renderer's to check, with their own resources' definitions.
    const leaf = { ...part, detail: part.detail && { ...part.detail, related: undefined } } as Screen;
    return checkScreenFields(leaf, new Map([[definition.name, definition]]), lang);
  }, [isAdmin, lang, part, definition]);
}

/**
 * One list, form, detail or block: the screen itself or one of its tabs or sections. `screen` is the
 * screen it belongs to (its permissions and id); `part` holds the body, found at `path` of the
 * screen's JSON.
 */
export function LeafPart({ screen, part, path }: { screen: Screen; part: Screen | Part; path: string }) {
  const { t } = useEngineHost();
  const registry = useEngineRegistry();
  const kind = leafKind(part);
  // The meta-schema demands the body of a screen's kind; a tab or section can still name a kind without one.
  const missing = (kind === 'list' && !part.list) || (kind === 'detail' && !part.detail) || (kind !== 'block' && !part.resource);
  const { data: definition, error, mutate } = useResourceDefinition(kind === 'block' ? undefined : part.resource);
  const problems = useFieldProblems(part, definition);
  // The renderer's code downloads while the definition is read.
  useEffect(() => {
    if (kind !== 'block') preloadRenderer(registry, kind);
  }, [registry, kind]);

  if (missing) return <ScreenProblems problems={[{ path: `${path}/${kind === 'form' || part.resource ? kind : 'resource'}`, message: t('partBodyMissing', { kind }) }]} />;
  if (kind === 'block') return <Block screen={screen} part={part} />;
  if (error && !definition) {
    return (
      <Result
        status="error"
        title={t('resourceLoadFailed', { name: part.resource ?? '' })}
        extra={<Button onClick={() => void mutate()}>{t('retry')}</Button>}
      />
    );
  }
  if (!definition) {
    const columns = kind === 'form' ? (part.form?.columns ?? 1) : part.detail?.groups[0]?.columns;
    return <ScreenSkeleton kind={kind} columns={columns} />;
  }
  return (
    <ActionScope screen={screen} definition={definition} form={part.form} detail={part.detail}>
      <FieldProblems problems={problems} />
      {kind === 'list' && <RendererSlot kind="list" props={{ screen, definition, spec: part.list! }} />}
      {kind === 'list' && <ViewNamedRecord part={part} definition={definition} />}
      {kind === 'form' && <FormPage screen={screen} part={part} definition={definition} />}
      {kind === 'detail' && <DetailPage screen={screen} part={part} definition={definition} />}
    </ActionScope>
  );
}
