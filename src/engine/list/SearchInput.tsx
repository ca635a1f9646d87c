import { useMemo, useState } from 'react';
import { DatePicker, Input, InputNumber, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { debounce } from 'throttle-debounce';
import { fixedChoices, type Choice } from '../../widgets/interface/choices';
import { useDictionaryChoices, useLookupChoices } from '../options';
import { useEngineHost } from '../host';
import type { SearchModel } from './query';

/** What antd's Form.Item hands its control. */
interface Control<V> {
  value?: V;
  onChange?(value: V): void;
}

function ChoiceSelect({ model, ...control }: { model: SearchModel } & Control<unknown>) {
  const { t, lang } = useEngineHost();
  const field = model.definition;
  const { choices: dictionary, isLoading } = useDictionaryChoices(field?.type === 'dict' ? field.dict : undefined);
  const choices: Choice[] = fixedChoices(field, t, lang) ?? dictionary ?? [];
  // Yes/no picks one value; enums and dictionaries may pick several.
  const multiple = field?.type !== 'boolean';
  return (
    <Select
      {...control}
      allowClear
      mode={multiple ? 'multiple' : undefined}
      maxTagCount="responsive"
      loading={isLoading}
      placeholder={t('selectPlaceholder')}
      optionFilterProp="label"
      options={choices.map((c) => ({ value: c.value, label: c.label }))}
    />
  );
}

function LookupSelect({ model, ...control }: { model: SearchModel } & Control<unknown>) {
  const { t } = useEngineHost();
  const [search, setSearch] = useState('');
  const { data, isLoading } = useLookupChoices(model.definition, search, model.teamsOf);
  const onSearch = useMemo(() => debounce(300, setSearch), []);
  return (
    <Select
      {...control}
      allowClear
      showSearch={{ filterOption: false, onSearch }}
      mode="multiple"
      maxTagCount="responsive"
      loading={isLoading}
      placeholder={t('selectPlaceholder')}
      options={(data ?? []).map((c) => ({ value: c.value, label: c.label }))}
      onOpenChange={(open) => !open && setSearch('')}
    />
  );
}

type Range<T> = [T | null, T | null];

function DateRange({ value, onChange }: Control<Range<string>>) {
  const { t } = useEngineHost();
  const [from, to] = value ?? [null, null];
  return (
    <DatePicker.RangePicker
      style={{ width: '100%' }}
      allowEmpty={[true, true]}
      placeholder={[t('startDate'), t('endDate')]}
      value={[from ? dayjs(from) : null, to ? dayjs(to) : null]}
      onChange={(dates) => onChange?.([dates?.[0]?.format('YYYY-MM-DD') ?? null, dates?.[1]?.format('YYYY-MM-DD') ?? null])}
    />
  );
}

function NumberRange({ value, onChange }: Control<Range<number>>) {
  const { t } = useEngineHost();
  const [min, max] = value ?? [null, null];
  return (
    <Space.Compact style={{ width: '100%' }}>
      <InputNumber style={{ width: '50%' }} placeholder={t('rangeMin')} value={min} onChange={(v) => onChange?.([v, max])} />
      <InputNumber style={{ width: '50%' }} placeholder={t('rangeMax')} value={max} onChange={(v) => onChange?.([min, v])} />
    </Space.Compact>
  );
}

/** The control of one search field, by its widget. */
export function SearchInput({ model, ...control }: { model: SearchModel } & Control<unknown>) {
  const { t } = useEngineHost();
  switch (model.widget) {
    case 'select':
      return <ChoiceSelect model={model} {...control} />;
    case 'lookup':
      return <LookupSelect model={model} {...control} />;
    case 'dateRange':
      return <DateRange {...(control as Control<Range<string>>)} />;
    case 'numberRange':
      return <NumberRange {...(control as Control<Range<number>>)} />;
    case 'text':
      return <Input allowClear placeholder={t('inputPlaceholder')} value={control.value as string | undefined} onChange={(e) => control.onChange?.(e.target.value)} />;
  }
}
