import { Empty, Skeleton, Timeline } from 'antd';
import dayjs from 'dayjs';
import { carryingLabel, type HistoryEntry, type ResourceDefinition } from '../../contract/resource';
import { settings } from '../../contract/settings';
import { useEngineHost } from '../host';
import type { EngineFormMessageKey } from '../form/messages';
import { FieldValue } from './FieldValue';
import { systemFieldLabel } from './system-fields';

const ACTION_TEXT: Record<HistoryEntry['action'], EngineFormMessageKey> = {
  create: 'detailHistoryCreate',
  update: 'detailHistoryUpdate',
  delete: 'detailHistoryDelete',
  import: 'detailHistoryImport',
};
const ACTION_COLOR: Record<HistoryEntry['action'], string> = { create: 'green', update: 'blue', delete: 'red', import: 'gray' };

/** The record's changes, newest first: who, when, and each field from its old value to its new one. */
export function History({ definition, entries: data, isLoading }: { definition: ResourceDefinition; entries: HistoryEntry[] | undefined; isLoading: boolean }) {
  const { t, lang } = useEngineHost();
  if (isLoading) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (!data?.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detailHistoryEmpty')} />;
  const fields = new Map(definition.fields.map((f) => [f.name, f]));
  const entries = [...data].sort((a, b) => b.created_at - a.created_at || b.id - a.id);
  return (
    <Timeline
      className="ed-history"
      items={entries.map((entry) => ({
        key: entry.id,
        color: ACTION_COLOR[entry.action],
        content: (
          <div>
            <div className="ed-history-head">
              <span className="ed-history-user">{entry.user_name || t('detailHistorySystem')}</span>
              <span>{t(ACTION_TEXT[entry.action], { count: entry.changes.length })}</span>
              <span className="ed-history-time">{dayjs(entry.created_at).format(settings.dateFormat)}</span>
            </div>
            {entry.action !== 'delete' && entry.changes.length > 0 && (
              <ul className="ed-history-changes">
                {entry.changes.map((change) => {
                  const field = fields.get(change.field);
                  // A lookup's value is drawn with the label the server sent with it, never read again.
                  const carrying = (label: string | undefined) => (field?.type === 'lookup' ? carryingLabel(change.field, label) : undefined);
                  return (
                    <li key={change.field}>
                      <span className="ed-history-label">
                        {field?.title[lang] ?? systemFieldLabel(change.field, t)}
                        {lang === 'zh' ? '：' : ':'}
                      </span>
                      {entry.action === 'update' && (
                        <>
                          <span className="ed-history-before">
                            <FieldValue field={field} value={change.before} record={carrying(change.labels?.before)} compact />
                          </span>
                          <span className="ed-history-arrow" aria-hidden="true">→</span>
                        </>
                      )}
                      <span className="ed-history-after">
                        <FieldValue field={field} value={change.after} record={carrying(change.labels?.after)} compact />
                      </span>
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
        ),
      }))}
    />
  );
}
