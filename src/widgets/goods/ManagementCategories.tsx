/**
 * 商品管理's category picker: 全部 on top, then the team's categories with their counts by status;
 * a writer renames a category or merges it into another from its menu. A list beside the table on a
 * desk, a select above it on a phone.
 */
import { Button, Dropdown, Select, Typography } from 'antd';
import { MoreOutlined } from '@ant-design/icons';
import type { GoodsManagementOverview } from '../../contract/api/goods-management';
import { useWidgetHost } from '../interface/host';

interface Props {
  overview: GoodsManagementOverview;
  /** The category picked; undefined is 全部, '' the goods without one. */
  value: string | undefined;
  onChange(category: string | undefined): void;
  phone: boolean;
  /** Renaming and merging; absent for a reader. */
  onCategoryBatch?: (kind: 'rename_category' | 'merge_category', category: string) => void;
}

const ALL = '\u0000all';

export function ManagementCategories({ overview, value, onChange, phone, onCategoryBatch }: Props) {
  const { t } = useWidgetHost();
  const name = (category: string) => (category === '' ? t('goodsMgmtUncategorized') : category);
  const rows = [{ key: ALL, label: t('goodsMgmtAll'), counts: overview }, ...overview.categories.map((row) => ({ key: row.category, label: name(row.category), counts: row }))];
  const pick = (key: string) => onChange(key === ALL ? undefined : key);
  const picked = value === undefined ? ALL : value;

  if (phone) {
    return (
      <Select
        aria-label={t('goodsMgmtCategories')}
        className="goods-mgmt-category-select"
        value={picked}
        onChange={pick}
        options={rows.map((row) => ({ value: row.key, label: `${row.label}（${row.counts.total}）` }))}
      />
    );
  }
  return (
    <nav className="goods-mgmt-categories" aria-label={t('goodsMgmtCategories')}>
      <Typography.Text type="secondary" className="goods-mgmt-categories-title">
        {t('goodsMgmtCategories')}
      </Typography.Text>
      <ul>
        {rows.map((row) => (
          <li key={row.key} className={row.key === picked ? 'is-picked' : undefined}>
            <button type="button" className="goods-mgmt-category" aria-current={row.key === picked ? 'true' : undefined} onClick={() => pick(row.key)}>
              <span className="goods-mgmt-category-name">
                <span>{row.label}</span>
                <strong>{row.counts.total}</strong>
              </span>
              <span className="goods-mgmt-category-counts">{t('goodsMgmtCategoryCounts', { on: row.counts.on_sale, off: row.counts.off_sale, draft: row.counts.draft })}</span>
            </button>
            {onCategoryBatch && row.key !== ALL && row.key !== '' && (
              <Dropdown
                trigger={['click']}
                menu={{
                  items: [
                    { key: 'rename_category', label: t('goodsMgmtRename') },
                    { key: 'merge_category', label: t('goodsMgmtMerge'), disabled: overview.categories.filter((other) => other.category !== '').length < 2 },
                  ],
                  onClick: ({ key }) => onCategoryBatch(key as 'rename_category' | 'merge_category', row.key),
                }}
              >
                <Button type="text" size="small" icon={<MoreOutlined />} aria-label={`${t('goodsMgmtCategoryActions')}：${row.label}`} />
              </Dropdown>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
