import { memo, useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { Button, Col, Form, Input, Row, Space, theme } from 'antd';
import { DownOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { useEngineHost } from '../host';
import type { SearchModel, SearchValues } from './query';
import { SearchInput } from './SearchInput';
import { columnTitle } from './columns';
import { useFormName } from '../../widgets/interface/form-name';

const KEYWORD = '__keyword';

/**
 * Fields per row at each width, as antd Pro's query filter lays them out (antd's breakpoints). Read
 * from the media queries while drawing: antd's useBreakpoint knows the width only after the first
 * draw, so the form drew once as one field a row and the whole list again when it grew.
 */
function usePerRow(): number {
  const { token } = theme.useToken();
  const steps = useMemo(
    () =>
      ([[token.screenXXL, 4], [token.screenLG, 3], [token.screenSM, 2]] as const).map(([width, perRow]) => ({
        query: window.matchMedia(`(min-width: ${width}px)`),
        perRow,
      })),
    [token.screenXXL, token.screenLG, token.screenSM],
  );
  const subscribe = useCallback(
    (changed: () => void) => {
      steps.forEach(({ query }) => query.addEventListener('change', changed));
      return () => steps.forEach(({ query }) => query.removeEventListener('change', changed));
    },
    [steps],
  );
  return useSyncExternalStore(subscribe, () => steps.find(({ query }) => query.matches)?.perRow ?? 1);
}

type FormValues = Record<string, unknown>;

const toForm = (values: SearchValues): FormValues => ({ [KEYWORD]: values.keyword, ...values.fields });

function fromForm(values: FormValues): SearchValues {
  const { [KEYWORD]: keyword, ...fields } = values;
  return { keyword: typeof keyword === 'string' ? keyword : undefined, fields };
}

/**
 * The search form above a list, generated from the screen's search spec and the resource's fields.
 * Collapsed it shows one row; the buttons close the last row on the right. It mirrors the applied
 * search, so a filter set from a column header shows here too. Memoised: the list redraws on every
 * page, load and refresh, which leave the form's props alone.
 */
export const SearchForm = memo(function SearchForm({ models, keyword, values, initial, onSearch }: { models: SearchModel[]; keyword: boolean; values: SearchValues; initial: SearchValues; onSearch(values: SearchValues): void }) {
  const formName = useFormName('search');
  const { t, lang } = useEngineHost();
  const [form] = Form.useForm<FormValues>();
  const [expanded, setExpanded] = useState(false);
  const perRow = usePerRow();
  const span = 24 / perRow;

  useEffect(() => form.setFieldsValue(toForm(values)), [form, values]);

  const items = [
    ...(keyword ? [{ name: KEYWORD, label: t('keyword'), control: <Input allowClear placeholder={t('keywordPlaceholder')} /> }] : []),
    // A system field (created_at…) has no definition of its own: it takes the title its column has.
    ...models.map((model) => ({ name: model.field, label: model.title?.[lang] ?? columnTitle({ field: model.field }, undefined, lang, t), control: <SearchInput model={model} /> })),
  ];
  const collapsible = items.length > perRow - 1;
  const shown = expanded || !collapsible ? items : items.slice(0, Math.max(perRow - 1, 1));
  // The buttons take the rest of the last row, so they sit at its right end.
  const offset = ((perRow - 1 - (shown.length % perRow)) + perRow) % perRow * span;

  const reset = () => {
    form.resetFields();
    form.setFieldsValue(toForm(initial));
    onSearch(initial);
  };

  return (
    <Form name={formName} form={form} className="engine-search" labelCol={{ flex: '0 0 88px' }} labelWrap onFinish={() => onSearch(fromForm(form.getFieldsValue(true)))} initialValues={toForm(values)}>
      <Row gutter={24}>
        {/* Collapsed fields are not drawn at all; the form keeps their values (antd's preserve). */}
        {shown.map((item) => (
          <Col key={item.name} span={span}>
            <Form.Item name={item.name} label={item.label}>
              {item.control}
            </Form.Item>
          </Col>
        ))}
        <Col span={span} offset={offset} className="engine-search-buttons">
          <Form.Item>
            <Space>
              <Button onClick={reset}>{t('reset')}</Button>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                {t('search')}
              </Button>
              {collapsible && (
                <Button type="link" onClick={() => setExpanded((on) => !on)} style={{ paddingInline: 4 }}>
                  {expanded ? t('collapse') : t('expand')}
                  {expanded ? <UpOutlined /> : <DownOutlined />}
                </Button>
              )}
            </Space>
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
});
