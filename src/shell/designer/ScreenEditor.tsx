import { useCallback, useMemo, useRef, useState } from 'react';
import { App as AntApp, Alert, Badge, Button, Card, Empty, List, Popconfirm, Segmented, Space, Spin, Splitter, Tag, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import useSWR from 'swr';
import type { ResourceDefinition } from '../../contract/resource';
import type { Screen, ScreenProblem } from '../../contract/screen';
import { checkScreen, checkScreenFields, resourcesOf } from '../../contract/screen-check';
import { ScreenSchema } from '../../contract/screen';
import { useI18n } from '../i18n/I18nProvider';
import { designerApi } from './api';
import { ScreenJsonEditor, type ScreenJsonEditorHandle } from './ScreenJsonEditor';
import { VersionsDrawer } from './VersionsDrawer';
import { MenuBindDialog } from './MenuBindDialog';
import { ScreenPreview } from './ScreenPreview';
import { usePhone } from '../../widgets/interface/phone';

const pretty = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

function parse(text: string): { value: unknown } | null {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return null;
  }
}

/**
 * Definitions of the resources a text names, fetched as the admin types them. Kept by swr as an
 * array: swr compares answers by a hash that sees every Map as empty, so a Map would never update.
 */
function useDefinitions(names: string[]) {
  const key = names.slice().sort().join(',');
  const { data } = useSWR<ResourceDefinition[]>(['designer-definitions', key], async () => {
    const found = await Promise.all(names.map((name) => designerApi.definition(name).catch(() => null)));
    return found.filter((d): d is ResourceDefinition => d !== null);
  }, { keepPreviousData: true, revalidateOnFocus: false });
  return useMemo(() => (data ? new Map(data.map((d) => [d.name, d])) : undefined), [data]);
}

/**
 * One screen in the designer: its JSON in a schema-aware editor beside the real renderer drawing
 * the last valid text on real data; save a draft, publish, see versions, bind it to the menu.
 */
export function ScreenEditor({ id, onBack }: { id: string; onBack(): void }) {
  const { t, lang } = useI18n();
  const { message } = AntApp.useApp();
  const editor = useRef<ScreenJsonEditorHandle>(null);
  const { data: detail, mutate } = useSWR(['designer-screen', id], () => designerApi.screen(id), { revalidateOnFocus: false });
  const [text, setText] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  // The server's refusal speaks of the text it was sent: once the text changes it no longer applies.
  const [refusal, setRefusal] = useState<{ text: string; problems: ScreenProblem[] } | null>(null);
  const [busy, setBusy] = useState<'save' | 'publish' | null>(null);
  const [versionsOpen, setVersionsOpen] = useState(false);
  const [bindOpen, setBindOpen] = useState(false);
  const phone = usePhone();
  const [pane, setPane] = useState<'editor' | 'preview'>('editor');

  const start = detail?.draft ?? detail?.published ?? detail?.bundled ?? null;
  // The editor starts from the stored screen once it has arrived (state adjusted while rendering).
  if (start && text === null) {
    setText(pretty(start));
    setSaved(pretty(start));
  }

  const parsed = useMemo(() => (text === null ? null : parse(text)), [text]);
  const meta = useMemo(() => (parsed ? checkScreen(parsed.value, lang) : null), [parsed, lang]);
  const names = meta?.ok ? resourcesOf(meta.screen) : [];
  const definitions = useDefinitions(names);
  const check = useCallback(
    (source: string): ScreenProblem[] => {
      const value = parse(source);
      if (!value) return [];
      const result = checkScreen(value.value, lang);
      if (!result.ok) return result.problems;
      return definitions ? checkScreenFields(result.screen, definitions, lang) : [];
    },
    [definitions, lang],
  );
  const problems = useMemo(() => {
    if (text === null) return [];
    if (!parsed) return [{ path: '/', message: t('designer.notJson') }];
    return check(text);
  }, [text, parsed, check, t]);

  // The preview keeps drawing the last text that held, so a half-typed edit does not blank it.
  const [preview, setPreview] = useState<Screen | null>(null);
  const valid = meta?.ok && problems.length === 0 ? meta.screen : null;
  if (valid && valid !== preview) setPreview(valid);
  const dirty = text !== null && text !== saved;

  async function save(): Promise<boolean> {
    if (!parsed || text === null) return false;
    setBusy('save');
    try {
      const refused = await designerApi.saveScreen(parsed.value);
      setRefusal({ text, problems: refused });
      if (refused.length) {
        void message.error(t('designer.refused', { count: refused.length }));
        return false;
      }
      setSaved(text);
      await mutate();
      void message.success(t('designer.saved'));
      return true;
    } finally {
      setBusy(null);
    }
  }

  async function publish() {
    if (dirty && !(await save())) return;
    setBusy('publish');
    try {
      const { version } = await designerApi.publish(id);
      const fresh = await mutate();
      const published = fresh?.published;
      if (published) {
        setText(pretty(published));
        setSaved(pretty(published));
      }
      void message.success(t('designer.published', { version }));
    } catch {
      // shown by the request client
    } finally {
      setBusy(null);
    }
  }

  async function reloadAfterRollback() {
    const fresh = await mutate();
    if (fresh?.published) {
      setText(pretty(fresh.published));
      setSaved(pretty(fresh.published));
    }
  }

  if (!detail || text === null) return <Spin style={{ display: 'block', margin: 48 }} />;
  const serverProblems = refusal?.text === text ? refusal.problems : [];
  const shown = [...problems, ...serverProblems.filter((p) => !problems.some((q) => q.path === p.path))];

  const editorPane = (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%', padding: 12, gap: 8 }}>
      <div style={{ flex: 1, minHeight: 0 }}>
        <ScreenJsonEditor ref={editor} value={text} onChange={setText} schema={ScreenSchema} check={check} />
      </div>
      <div style={{ maxHeight: 160, overflow: 'auto' }} data-testid="screen-problems">
        {shown.length === 0 ? (
          <Alert type="success" showIcon title={t('designer.valid')} />
        ) : (
          <List
            size="small"
            bordered
            header={<Badge status="error" text={t('designer.problems', { count: shown.length })} />}
            dataSource={shown}
            renderItem={(p) => (
              <List.Item style={{ cursor: 'pointer' }} onClick={() => editor.current?.reveal(p.path)}>
                <Typography.Text code>{p.path}</Typography.Text> {p.message}
              </List.Item>
            )}
          />
        )}
      </div>
    </div>
  );
  const previewPane = (
    <div style={{ height: '100%', overflow: 'auto', padding: 12 }} data-testid="screen-preview">
      {preview ? <ScreenPreview screen={preview} /> : <Empty description={t('designer.noPreview')} />}
    </div>
  );

  return (
    <Card
      size="small"
      title={
        <Space>
          <Button type="text" icon={<ArrowLeftOutlined />} onClick={onBack} aria-label={t('designer.back')} />
          <Typography.Text strong>{id}</Typography.Text>
          {detail.published ? <Tag color="green">{t('designer.publishedVersion', { version: detail.published.version })}</Tag> : detail.bundled ? <Tag>{t('designer.sourceBundled')}</Tag> : null}
          {(detail.draft || dirty) && <Tag color="orange">{dirty ? t('designer.unsaved') : t('designer.draft')}</Tag>}
        </Space>
      }
      extra={
        <Space wrap>
          <Button onClick={() => parsed && setText(pretty(parsed.value))} disabled={!parsed}>
            {t('designer.format')}
          </Button>
          <Button onClick={() => setVersionsOpen(true)}>{t('designer.versions')}</Button>
          <Button onClick={() => setBindOpen(true)} disabled={!meta?.ok}>
            {t('designer.bindMenu')}
          </Button>
          <Button onClick={save} loading={busy === 'save'} disabled={!dirty || !parsed}>
            {t('designer.saveDraft')}
          </Button>
          <Popconfirm title={t('designer.publishConfirm')} onConfirm={publish} disabled={problems.length > 0}>
            <Button type="primary" loading={busy === 'publish'} disabled={problems.length > 0 || (!dirty && !detail.draft)}>
              {t('designer.publish')}
            </Button>
          </Popconfirm>
        </Space>
      }
      styles={{ body: { padding: 0 } }}
    >
      {phone ? (
        // A phone has room for one pane: the editor or the preview, with a switch between them.
        <div style={{ display: 'flex', flexDirection: 'column', gap: 4, paddingTop: 12 }}>
          <Segmented
            block
            value={pane}
            onChange={setPane}
            options={[
              { value: 'editor', label: t('designer.paneEditor') },
              { value: 'preview', label: t('designer.panePreview') },
            ]}
          />
          <div style={{ height: 'calc(100dvh - 240px)', minHeight: 420 }}>{pane === 'editor' ? editorPane : previewPane}</div>
        </div>
      ) : (
        <Splitter style={{ height: 'calc(100vh - 260px)', minHeight: 480 }}>
          <Splitter.Panel defaultSize="45%" min="25%">
            {editorPane}
          </Splitter.Panel>
          <Splitter.Panel>{previewPane}</Splitter.Panel>
        </Splitter>
      )}
      <VersionsDrawer id={id} current={text} open={versionsOpen} onClose={() => setVersionsOpen(false)} onRolledBack={reloadAfterRollback} />
      {meta?.ok && <MenuBindDialog screen={meta.screen} open={bindOpen} onClose={() => setBindOpen(false)} />}
    </Card>
  );
}
