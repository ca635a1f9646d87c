/**
 * The detail renderer (renderers.detail) draws the detail controller (use-detail-controller.ts) with
 * antd: one record as grouped descriptions, the lists of other resources that refer to it, its
 * change history, and the detail's actions, which the caller runs.
 */
import { Button, Descriptions, Result, Space, type DescriptionsProps } from 'antd';
import { carriedActions, TEAM_FIELD, type ResourceDefinition, type ResourceRecord } from '../../contract/resource';
import type { DetailSpec } from '../../contract/screen';
import { useEngineHost, type EngineHost } from '../host';
import type { DetailRendererProps } from '../renderers';
import { useThemeVars } from '../form/theme-vars';
import { ScreenSkeleton } from '../parts/ScreenSkeleton';
import { TransitionButtons } from '../actions/TransitionButtons';
import { FieldValue } from './FieldValue';
import { History } from './History';
import { Related } from './Related';
import { DetailControllerContext, useDetailController } from './use-detail-controller';
import { isSystemField, systemFieldLabel } from './system-fields';
import { usePhone } from '../../widgets/interface/phone';
import './detail.css';

/** Types whose values need a whole row of the descriptions. */
const WIDE_TYPES = new Set(['text', 'richtext', 'rows']);
const DEFAULT_COLUMNS = 2;

type Item = NonNullable<DescriptionsProps['items']>[number] & { span: number };

/**
 * The items of one group: a wide value starts a row of its own and fills it, the last item of a
 * row left short stretches to its end, so every row adds up to the group's columns.
 */
export function groupItems(group: DetailSpec['groups'][number], definition: ResourceDefinition, record: ResourceRecord, host: EngineHost): Item[] {
  const columns = group.columns ?? DEFAULT_COLUMNS;
  // A group naming the team draws its name (a team-scoped record carries it for whoever reads it),
  // never its id: a list shows the team only to a reader of several teams, a detail whenever asked.
  const fields = new Map([...definition.fields, TEAM_FIELD].map((f) => [f.name, f]));
  const items: Item[] = [];
  let used = 0;
  const closeRow = () => {
    if (used > 0 && items.length) items[items.length - 1].span += columns - used;
    used = 0;
  };
  for (const name of group.fields) {
    const field = fields.get(name);
    if (!field && !isSystemField(name)) continue;
    const label = field ? field.title[host.lang] : systemFieldLabel(name, host.t);
    const children = <FieldValue field={field ?? (name.endsWith('_at') ? DATETIME : undefined)} value={record[name]} record={record} />;
    if (field && WIDE_TYPES.has(field.type)) {
      closeRow();
      items.push({ key: name, label, children, span: columns });
      continue;
    }
    items.push({ key: name, label, children, span: 1 });
    used += 1;
    if (used === columns) used = 0;
  }
  closeRow();
  return items;
}

/** created_at / updated_at are moments; drawn as a datetime field would be. */
const DATETIME = { name: 'moment', title: { zh: '', en: '' }, type: 'datetime' } as const;

export default function DetailRenderer({ screen, definition, spec, id, onAction }: DetailRendererProps) {
  const host = useEngineHost();
  const { t, lang } = host;
  const themeVars = useThemeVars();
  // A phone has room for one label and its value a row: two columns wrapped values a character a line.
  const phone = usePhone();
  const detail = useDetailController({ definition, id, history: spec.history, actions: onAction ? spec.actions : undefined });
  const { record, isLoading, error, actions } = detail;
  if (isLoading) return <ScreenSkeleton kind="detail" columns={spec.groups[0]?.columns} />;
  if (!record) return <Result status="404" title={t('detailNotFound')} subTitle={(error as { message?: string } | undefined)?.message} />;

  return (
    <DetailControllerContext.Provider value={detail}>
      <div className={phone ? 'ed-detail is-phone' : 'ed-detail'} style={themeVars}>
        {(actions.length > 0 || carriedActions(record).length > 0) && (
          <Space className="ed-actions" wrap>
            {actions.map(({ action, disabled }) => (
              <Button key={action.key} type={action.type === 'link' ? 'default' : action.type} danger={action.danger} disabled={disabled} onClick={() => onAction?.(action, record)}>
                {action.label[lang]}
              </Button>
            ))}
            <TransitionButtons definition={definition} record={record} skip={spec.actions?.map((a) => a.key)} />
          </Space>
        )}
        {spec.groups.map((group, index) => (
          <Descriptions
            key={index}
            className="ed-group"
            title={group.title[lang]}
            bordered
            size="small"
            column={phone ? 1 : (group.columns ?? DEFAULT_COLUMNS)}
            items={groupItems(phone ? { ...group, columns: 1 } : group, definition, record, host)}
          />
        ))}
        {spec.related?.map((related) => (
          <section key={`${related.resource}.${related.field}`} className="ed-section">
            <h4 className="ed-section-title">{related.title[lang]}</h4>
            <Related related={related} parent={screen} id={id} />
          </section>
        ))}
        {spec.history && (
          <section className="ed-section">
            <h4 className="ed-section-title">{t('detailHistory')}</h4>
            <History definition={definition} entries={detail.history} isLoading={detail.historyLoading} />
          </section>
        )}
      </div>
    </DetailControllerContext.Provider>
  );
}
