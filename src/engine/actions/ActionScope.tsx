import { Activity, createContext, lazy, Suspense, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { App, Button, Drawer, Modal, Skeleton } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import type { ResourceDefinition, ResourceRecord } from '../../contract/resource';
import type { DetailSpec, FormSpec, OpenMode, Screen } from '../../contract/screen';
import { defaultScreen } from '../../contract/screen-defaults';
import { useRevalidateResource } from '../data';
import { useEngineHost, type EngineDialogProps } from '../host';
import { forgetLookupLabels } from '../options';
import { RendererSlot } from '../parts/RendererSlot';
import { useNestedScreen } from '../parts/nested';
import { structureKey } from '../structure';

// Only an import needs it (and antd's Table with it): fetched when one opens.
const ImportPanel = lazy(() => import('./ImportPanel'));

/** What an action opens: a form, a record's detail, another screen, or the import of a file. */
export type Opening =
  | { kind: 'form'; mode: OpenMode; title: string; record?: ResourceRecord; initial?: Record<string, unknown> }
  | { kind: 'detail'; mode: OpenMode; title: string; id: number }
  | { kind: 'screen'; mode: OpenMode; title: string; screenId: string }
  | { kind: 'import'; mode: 'dialog'; title: string };

interface Opened {
  key: number;
  opening: Opening;
  /** False while a dialog or drawer plays its closing animation. */
  open: boolean;
}

export interface ActionScopeValue {
  screen: Screen;
  definition: ResourceDefinition | undefined;
  /** The form and detail that create/edit/view open. */
  form: FormSpec;
  detail: DetailSpec | undefined;
  open(opening: Opening): void;
  /** Revalidates every list and record of the resource, and the labels other lists show for it. */
  reload(): void;
}

const ActionScopeContext = createContext<ActionScopeValue | null>(null);

export function useActionScope(): ActionScopeValue {
  const scope = useContext(ActionScopeContext);
  if (!scope) throw new Error('An action is drawn outside an ActionScope');
  return scope;
}

/** antd's Modal with the console dialog's manners, for a host that brings no dialog of its own. */
export function PlainDialog({ onCancel, ...props }: EngineDialogProps) {
  return <Modal {...props} onCancel={onCancel} mask={{ closable: false }} keyboard={false} />;
}

const DIALOG_WIDTH = { 1: 640, 2: 880, 3: 1080 } as const;

/**
 * The place a part's actions open things in: dialogs and drawers over it, and "page" openings in
 * its own place inside the tab (the part stays mounted beneath, with its filters and scroll, and
 * comes back with the back button). Closing an opening whose form has unsaved changes asks first.
 */
export function ActionScope({ screen, definition, form, detail, children }: { screen: Screen; definition: ResourceDefinition | undefined; form: FormSpec | undefined; detail: DetailSpec | undefined; children: ReactNode }) {
  const host = useEngineHost();
  const { t } = host;
  const { modal } = App.useApp();
  const revalidate = useRevalidateResource();
  const NestedScreen = useNestedScreen();
  const [opened, setOpened] = useState<Opened[]>([]);
  const nextKey = useRef(0);
  const dirty = useRef(new Set<number>());

  const formSpec = useMemo(() => form ?? {}, [form]);
  const detailSpec = useMemo(() => detail ?? (definition ? defaultScreen(definition, screen.id).detail : undefined), [detail, definition, screen.id]);

  const reload = useCallback(() => {
    if (!definition) return;
    forgetLookupLabels(definition.name);
    void revalidate(definition.name);
  }, [definition, revalidate]);

  const open = useCallback((opening: Opening) => {
    const key = nextKey.current++;
    setOpened((list) => [...list, { key, opening, open: true }]);
  }, []);

  // Dialogs and drawers leave after their closing animation (remove); a page leaves at once.
  const hide = useCallback((key: number) => {
    dirty.current.delete(key);
    setOpened((list) => list.flatMap((o) => (o.key !== key ? [o] : o.opening.mode === 'page' ? [] : [{ ...o, open: false }])));
  }, []);
  const remove = useCallback((key: number) => setOpened((list) => list.filter((o) => o.key !== key)), []);

  const requestClose = useCallback(
    (key: number) => {
      if (!dirty.current.has(key)) return hide(key);
      modal.confirm({ title: t('confirmTitle'), content: t('leaveUnsaved'), okText: t('ok'), cancelText: t('cancel'), onOk: () => hide(key) });
    },
    [hide, modal, t],
  );

  const value = useMemo<ActionScopeValue>(
    () => ({ screen, definition, form: formSpec, detail: detailSpec, open, reload }),
    [screen, definition, formSpec, detailSpec, open, reload],
  );

  const body = ({ key, opening }: Opened): ReactNode => {
    switch (opening.kind) {
      case 'form':
        if (!definition) return null;
        return (
          <RendererSlot
            // A republished screen keeps the input of a form whose structure did not change.
            key={structureKey(formSpec)}
            kind="form"
            props={{
              screen,
              definition,
              spec: formSpec,
              record: opening.record,
              initial: opening.initial,
              mode: opening.mode,
              // The form renderer has said it saved.
              onSaved: () => {
                hide(key);
                reload();
              },
              onCancel: () => requestClose(key),
              onDirtyChange: (isDirty) => {
                if (isDirty) dirty.current.add(key);
                else dirty.current.delete(key);
              },
            }}
          />
        );
      case 'detail':
        if (!definition || !detailSpec) return null;
        return (
          <RendererSlot
            key={structureKey(detailSpec)}
            kind="detail"
            props={{
              screen,
              definition,
              spec: detailSpec,
              id: opening.id,
              // A detail's edit opens the form over it; its other actions are links and API calls the detail runs itself.
              onAction: (action, record) => {
                if (action.kind === 'edit') open({ kind: 'form', mode: action.mode ?? formSpec.open ?? 'dialog', title: action.label[host.lang], record });
              },
            }}
          />
        );
      case 'screen':
        return <NestedScreen id={opening.screenId} />;
      case 'import':
        return definition ? (
          <Suspense fallback={<Skeleton active />}>
            <ImportPanel definition={definition} onClose={() => hide(key)} onImported={reload} />
          </Suspense>
        ) : null;
    }
  };

  const Dialog = host.Dialog ?? PlainDialog;
  const pages = opened.filter((o) => o.opening.mode === 'page');
  const top = pages.findLast((o) => o.open);
  const width = DIALOG_WIDTH[formSpec.columns ?? 1];

  return (
    <ActionScopeContext.Provider value={value}>
      <Activity mode={top ? 'hidden' : 'visible'}>{children}</Activity>
      {pages.map((o) => (
        <Activity key={o.key} mode={o === top ? 'visible' : 'hidden'}>
          <section className="engine-subpage">
            <header className="engine-subpage-header">
              <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => requestClose(o.key)}>
                {t('back')}
              </Button>
              <h2>{o.opening.title}</h2>
            </header>
            {body(o)}
          </section>
        </Activity>
      ))}
      {opened.map((o) => {
        if (o.opening.mode === 'dialog') {
          return (
            <Dialog
              key={o.key}
              open={o.open}
              title={o.opening.title}
              width={o.opening.kind === 'form' ? (formSpec.width ?? width) : 880}
              footer={null}
              destroyOnHidden
              onCancel={() => requestClose(o.key)}
              afterClose={() => remove(o.key)}
            >
              {body(o)}
            </Dialog>
          );
        }
        if (o.opening.mode === 'drawer') {
          return (
            <Drawer
              key={o.key}
              open={o.open}
              title={o.opening.title}
              size={o.opening.kind === 'form' ? (formSpec.width ?? Math.max(width, 720)) : 880}
              destroyOnHidden
              onClose={() => requestClose(o.key)}
              afterOpenChange={(isOpen) => !isOpen && remove(o.key)}
            >
              {body(o)}
            </Drawer>
          );
        }
        return null;
      })}
    </ActionScopeContext.Provider>
  );
}
