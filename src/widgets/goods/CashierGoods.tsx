/**
 * 收银台's left side: the scan box (a barcode scanner types the SKU and presses Enter), category
 * tabs and the team's on-sale goods as cards; a sold-out one (or one the cart holds all of) is
 * disabled. The search box filters by name or SKU as it is typed.
 */
import { useMemo, useState, type Ref } from 'react';
import { Badge, Empty, Input, Segmented, Skeleton, Typography, type InputRef } from 'antd';
import { BarcodeOutlined } from '@ant-design/icons';
import { useWidgetHost } from '../interface/host';
import { formatMoney } from '../cells/format';
import type { CartGoods } from './cashier-cart';

/** A goods card: what the cart takes of it, and its category for the tabs. */
export type ShelfGoods = CartGoods & { category: string };

interface Props {
  goods: ShelfGoods[] | undefined;
  categories: string[];
  /** How many of each goods the cart holds. */
  held: Map<number, number>;
  scanRef: Ref<InputRef>;
  onAdd(goods: ShelfGoods): void;
  /** Enter in the scan box: what was typed. */
  onScan(text: string, shown: ShelfGoods[]): void;
}

const ALL = '';

export function CashierGoods({ goods, categories, held, scanRef, onAdd, onScan }: Props) {
  const { t } = useWidgetHost();
  const [text, setText] = useState('');
  const [category, setCategory] = useState(ALL);
  const shown = useMemo(() => {
    const needle = text.trim().toLowerCase();
    return (goods ?? []).filter(
      (item) => (category === ALL || item.category === category) && (!needle || item.name.toLowerCase().includes(needle) || item.sku.toLowerCase().includes(needle)),
    );
  }, [goods, text, category]);

  return (
    <div className="cashier-goods">
      <Input
        ref={scanRef}
        size="large"
        allowClear
        autoFocus
        prefix={<BarcodeOutlined />}
        placeholder={t('goodsCashierSearch')}
        aria-label={t('goodsCashierSearch')}
        data-testid="cashier-scan"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onPressEnter={() => {
          if (!text.trim()) return;
          onScan(text.trim(), shown);
          setText('');
        }}
      />
      <Segmented
        className="cashier-categories"
        value={category}
        onChange={(value) => setCategory(String(value))}
        options={[{ value: ALL, label: t('goodsCashierAll') }, ...categories.map((value) => ({ value, label: value }))]}
      />
      {!goods ? (
        <Skeleton active />
      ) : shown.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('goodsCashierNoGoods')} />
      ) : (
        <div className="cashier-goods-grid">
          {shown.map((item) => {
            const count = held.get(item.goods_id) ?? 0;
            const soldOut = item.stock < 1;
            return (
              <Badge key={item.goods_id} count={count} offset={[-8, 8]}>
                <button
                  type="button"
                  className="cashier-goods-card"
                  disabled={soldOut || count >= item.stock}
                  onClick={() => onAdd(item)}
                  data-testid={`cashier-goods-${item.sku}`}
                >
                  {item.image ? <img src={item.image} alt="" loading="lazy" /> : <span className="cashier-goods-noimage" />}
                  <span className="cashier-goods-name">{item.name}</span>
                  <Typography.Text type="secondary" className="cashier-goods-sku">
                    {item.sku}
                  </Typography.Text>
                  <span className="cashier-goods-foot">
                    <strong className="cashier-price">{formatMoney(item.price_fen)}</strong>
                    <Typography.Text type={soldOut ? 'danger' : 'secondary'}>{soldOut ? t('goodsCashierSoldOut') : t('goodsCashierStock', { stock: item.stock })}</Typography.Text>
                  </span>
                </button>
              </Badge>
            );
          })}
        </div>
      )}
    </div>
  );
}
