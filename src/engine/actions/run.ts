import { useCallback } from 'react';
import { App } from 'antd';
import dayjs from 'dayjs';
import { evaluate, fillTemplate } from '../../contract/expression';
import type { ListQuery, ResourceRecord } from '../../contract/resource';
import type { Action } from '../../contract/screen';
import { listParamsOf } from '../data-provider';
import { exprContext } from '../expressions';
import { useEngineHost } from '../host';
import { exportQuery } from '../list/query';
import { useActionScope, type Opening } from './ActionScope';

/** What an action acts on: a row, the selected rows, the list's current query. */
export interface ActionTarget {
  record?: ResourceRecord;
  /** A bulk action's selection. */
  records?: ResourceRecord[];
  /** The list's query (export). */
  query?: ListQuery;
  /** Called after the action changed data (clears a list's selection). */
  afterChange?(): void;
}

export type ExportFormat = 'csv' | 'xlsx';

/**
 * Runs actions of every kind but `widget` (a widget draws and runs itself). Writes ask first when
 * the action has a confirm (delete always does), then reload the resource's lists.
 */
export function useRunAction() {
  const host = useEngineHost();
  const { t, lang } = host;
  const scope = useActionScope();
  const { modal, message } = App.useApp();
  const { screen, definition, form, open, reload } = scope;

  return useCallback(
    (action: Action, target: ActionTarget = {}, format: ExportFormat = 'csv') => {
      const { record, records } = target;
      const values = { record, records, selection: records?.length ?? 0 };
      const label = action.label[lang];
      const resourceTitle = definition?.title[lang] ?? screen.title[lang];
      const title = t('openingTitle', { action: label, resource: resourceTitle });

      const confirmThen = (text: string | undefined, work: () => Promise<unknown>) => {
        const run = async () => {
          try {
            await work();
            target.afterChange?.();
            reload();
          } catch {
            // The host's request client has already told the user why.
          }
        };
        if (!text) return void run();
        modal.confirm({ title: t('confirmTitle'), content: text, okText: t('ok'), cancelText: t('cancel'), okButtonProps: { danger: action.danger || action.kind === 'delete' }, onOk: run });
      };
      const confirmText = (fallback?: string) => (action.confirm ? fillTemplate(action.confirm[lang], { record, user: host.user }) : fallback);

      switch (action.kind) {
        case 'create':
          return open({ kind: 'form', mode: action.mode ?? form.open ?? 'dialog', title });
        case 'edit':
          if (record) open({ kind: 'form', mode: action.mode ?? form.open ?? 'dialog', title, record });
          return;
        case 'view':
          if (record) open({ kind: 'detail', mode: action.mode ?? 'drawer', title, id: record.id });
          return;
        case 'delete': {
          if (!definition) return;
          if (records) {
            const ids = records.map((r) => r.id);
            return confirmThen(confirmText(t('bulkDeleteConfirm', { count: ids.length })), async () => {
              await host.data.deleteMany({ resource: definition.name, ids });
              void message.success(t('deletedMany', { count: ids.length }));
            });
          }
          if (!record) return;
          return confirmThen(confirmText(t('deleteConfirm')), async () => {
            await host.data.deleteOne({ resource: definition.name, id: record.id, version: record.version });
            void message.success(t('deleted'));
          });
        }
        case 'openScreen':
          if (action.screen) open({ kind: 'screen', mode: action.mode ?? 'drawer', title: label, screenId: action.screen });
          return;
        case 'api': {
          if (!action.url) return;
          const url = action.url;
          const context = exprContext(host, values);
          const body = Object.fromEntries(Object.entries(action.body ?? {}).map(([key, expr]) => [key, evaluate(expr, context)]));
          return confirmThen(confirmText(), async () => {
            await host.request(url, body);
            void message.success(t('done'));
          });
        }
        case 'navigate':
          if (action.to) host.navigate(fillTemplate(action.to, { record, user: host.user }, true));
          return;
        case 'export': {
          if (!definition) return;
          const base = exportQuery(target.query ?? {});
          // A bulk export takes the selected rows only.
          const query: ListQuery = records ? { ...base, filters: [...(base.filters ?? []), { field: 'id', op: 'in', value: records.map((r) => r.id) }] } : base;
          const done = message.loading(t('exporting'), 0);
          void host.data
            .export({ ...listParamsOf(definition.name, query), format, filename: `${resourceTitle}-${dayjs().format('YYYYMMDD-HHmmss')}.${format}` })
            .catch(() => undefined)
            .finally(done);
          return;
        }
        case 'import':
          return open({ kind: 'import', mode: 'dialog', title: t('importTitle', { title: resourceTitle }) } satisfies Opening);
        case 'reload':
          return reload();
        case 'widget':
          return;
      }
    },
    [host, t, lang, definition, screen, form, open, reload, modal, message],
  );
}
