/** An ask's particulars and photos (each opens in the image preview) on the ask's page. */
import { Descriptions, Empty, Image, Space, Tag, Typography } from 'antd';
import type { ResourceDefinition, ResourceRecord } from '../../contract/resource';
import { carriedLabel } from '../../contract/resource';
import { formatMoney, formatTime } from '../cells/format';
import { useWidgetHost } from '../interface/host';
import { optionLabel } from './states';

export function AskPhotos({ photos }: { photos: string[] }) {
  const { t } = useWidgetHost();
  if (photos.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('qNoPhotos')} />;
  return (
    <Image.PreviewGroup>
      <Space wrap size={8} className="quoting-photos">
        {photos.map((src) => (
          <Image key={src} src={src} width={96} height={96} className="quoting-photo" alt="" />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}

export function AskDetails({ ask, definition }: { ask: ResourceRecord; definition: ResourceDefinition | undefined }) {
  const { t, lang } = useWidgetHost();
  const title = (field: string) => definition?.fields.find((f) => f.name === field)?.title[lang] ?? field;
  const kind = optionLabel(definition, 'kind', ask.kind, lang);
  const mode = optionLabel(definition, 'handle_mode', ask.handle_mode, lang);
  const text = (value: unknown) => (value === null || value === undefined || value === '' ? '-' : String(value));
  const items = [
    { key: 'goods', label: title('goods_name'), children: <Typography.Text strong>{text(ask.goods_name)}</Typography.Text> },
    { key: 'spec', label: title('spec'), children: text(ask.spec) },
    { key: 'quantity', label: title('quantity'), children: text(ask.quantity) },
    {
      key: 'expected',
      label: title('expected_price_fen'),
      children: <span data-testid="ask-expected">{ask.expected_price_fen === null || ask.expected_price_fen === undefined ? t('qNoExpected') : formatMoney(Number(ask.expected_price_fen))}</span>,
    },
    { key: 'kind', label: title('kind'), children: <Tag color={kind.color}>{kind.label}</Tag> },
    { key: 'mode', label: title('handle_mode'), children: <Tag color={mode.color}>{mode.label}</Tag> },
    { key: 'deadline', label: title('deadline_at'), children: ask.deadline_at ? formatTime(ask.deadline_at, 'YYYY-MM-DD HH:mm') : '-' },
    { key: 'created', label: t('qAskedAt'), children: formatTime(ask.created_at, 'YYYY-MM-DD HH:mm') },
    ...(ask.sku ? [{ key: 'sku', label: title('sku'), children: text(ask.sku) }] : []),
    ...(ask.category ? [{ key: 'category', label: title('category'), children: text(ask.category) }] : []),
    ...(ask.parent_ask_id ? [{ key: 'parent', label: title('parent_ask_id'), children: carriedLabel(ask, 'parent_ask_id') ?? `#${String(ask.parent_ask_id)}` }] : []),
    ...(ask.contact_name ? [{ key: 'contact', label: title('contact_name'), children: `${text(ask.contact_name)} ${text(ask.contact_mobile)}` }] : []),
    ...(ask.remark ? [{ key: 'remark', label: title('remark'), span: 'filled' as const, children: text(ask.remark) }] : []),
  ];
  return <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} items={items} className="quoting-ask-details" />;
}
