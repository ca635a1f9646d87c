import { useMemo, useState } from 'react';
import { App as AntApp, Button, Drawer, Empty, List, Popconfirm, Space, Tag, Typography } from 'antd';
import { diffLines } from 'diff';
import useSWR from 'swr';
import type { ScreenVersion } from '../../contract/api/screens';
import { useI18n } from '../i18n/I18nProvider';
import { formatDateTime } from '../utils/relative-time';
import { designerApi } from './api';

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

/** Lines added and removed between two texts, as the version history shows them. */
export function ScreenDiff({ before, after }: { before: string; after: string }) {
  const { t } = useI18n();
  const parts = useMemo(() => diffLines(before, after), [before, after]);
  if (!parts.some((p) => p.added || p.removed)) return <Typography.Text type="secondary">{t('designer.noDifference')}</Typography.Text>;
  return (
    <pre data-testid="screen-diff" style={{ margin: 0, maxHeight: 420, overflow: 'auto', fontSize: 12, lineHeight: 1.5 }}>
      {parts.map((part, i) => {
        const sign = part.added ? '+' : part.removed ? '-' : ' ';
        const lines = part.value.replace(/\n$/, '').split('\n');
        // Unchanged stretches fold to their edges so the change stays in view.
        const shown = !part.added && !part.removed && lines.length > 6 ? [...lines.slice(0, 2), '…', ...lines.slice(-2)] : lines;
        return (
          <div
            key={i}
            style={{
              background: part.added ? 'rgba(82,196,26,.15)' : part.removed ? 'rgba(255,77,79,.15)' : undefined,
              color: part.added || part.removed ? undefined : 'var(--ant-color-text-tertiary, #999)',
            }}
          >
            {shown.map((line, j) => (
              <div key={j}>{`${sign} ${line}`}</div>
            ))}
          </div>
        );
      })}
    </pre>
  );
}

/**
 * The published versions of a screen, newest first: each compared with the one before it (or the
 * editor's text), and any of them published again as a new version.
 */
export function VersionsDrawer({ id, current, open, onClose, onRolledBack }: { id: string; current: string; open: boolean; onClose(): void; onRolledBack(): void }) {
  const { t } = useI18n();
  const { message } = AntApp.useApp();
  const { data: versions, mutate } = useSWR<ScreenVersion[]>(open ? ['screen-versions', id] : null, () => designerApi.versions(id));
  const [selected, setSelected] = useState<number | null>(null);
  const [against, setAgainst] = useState<'previous' | 'editor'>('previous');
  const chosen = versions?.find((v) => v.version === selected) ?? versions?.[0];
  const previous = chosen && versions?.find((v) => v.version < chosen.version);

  async function rollback(version: number) {
    const result = await designerApi.rollback(id, version);
    void message.success(t('designer.rolledBack', { from: version, version: result.version }));
    await mutate();
    onRolledBack();
  }

  return (
    <Drawer title={t('designer.versionsOf', { id })} open={open} onClose={onClose} size="large" destroyOnHidden>
      {!versions?.length ? (
        <Empty description={t('designer.noVersions')} />
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }} size="middle">
          <List
            size="small"
            bordered
            dataSource={versions}
            renderItem={(v) => (
              <List.Item
                style={{ cursor: 'pointer', background: v === chosen ? 'var(--ant-control-item-bg-active, #e6f4ff)' : undefined }}
                onClick={() => setSelected(v.version)}
                actions={[
                  <Popconfirm key="rollback" title={t('designer.rollbackConfirm', { version: v.version })} onConfirm={() => rollback(v.version)}>
                    <Button size="small" disabled={v === versions[0]}>
                      {t('designer.rollback')}
                    </Button>
                  </Popconfirm>,
                ]}
              >
                <Space>
                  <Tag color={v === versions[0] ? 'green' : 'default'}>v{v.version}</Tag>
                  <span>{v.published_by || '—'}</span>
                  <Typography.Text type="secondary">{formatDateTime(v.published_at)}</Typography.Text>
                  {v.restored_from !== null && <Tag color="orange">{t('designer.restoredFrom', { version: v.restored_from })}</Tag>}
                </Space>
              </List.Item>
            )}
          />
          {chosen && (
            <>
              <Space>
                <Typography.Text strong>{t('designer.diffOf', { version: chosen.version })}</Typography.Text>
                <Button size="small" type={against === 'previous' ? 'primary' : 'default'} onClick={() => setAgainst('previous')}>
                  {t('designer.againstPrevious')}
                </Button>
                <Button size="small" type={against === 'editor' ? 'primary' : 'default'} onClick={() => setAgainst('editor')}>
                  {t('designer.againstEditor')}
                </Button>
              </Space>
              <ScreenDiff
                before={against === 'editor' ? pretty(chosen.screen) : previous ? pretty(previous.screen) : ''}
                after={against === 'editor' ? current : pretty(chosen.screen)}
              />
            </>
          )}
        </Space>
      )}
    </Drawer>
  );
}
