/**
 * 收银台 (商品 › 收银台): the counter screen where a shop assistant sells the team's goods to a
 * walk-in customer. Today's takings on top; the on-sale goods (scan box, category tabs, cards) on the
 * left and the cart with its discount, payment and 结账 on the right (below them on a phone); the
 * receipt after a sale. Focus goes back to the scan box after each step, as a scanner needs. An
 * administrator, who belongs to no shop, is told to sign in as a shop member. Placed by the screen
 * goods/cashier as the block `goodsCashier`.
 */
import { useMemo, useRef, useState } from 'react';
import useSWR from 'swr';
import { App, Button, Result, Skeleton, type InputRef } from 'antd';
import { ShoppingCartOutlined } from '@ant-design/icons';
import { PAGE_SIZE_MAX } from '../../contract/resource';
import type { CashierReceipt as Receipt } from '../../contract/api/cashier';
import { useWidgetHost } from '../interface/host';
import type { BlockProps } from '../interface/registry';
import { addGoods, canAdd, cartTotals, checkoutBody } from './cashier-cart';
import { formatMoney } from '../cells/format';
import { CashierGoods, type ShelfGoods } from './CashierGoods';
import { CashierCart } from './CashierCart';
import { CashierReceipt } from './CashierReceipt';
import { CashierToday } from './CashierToday';
import { useKeptCart } from './useKeptCart';
import './cashier.css';

const ON_SALE = { resource: 'goods', filters: [{ field: 'status', op: 'eq' as const, value: 'on_sale' }], sorters: [{ field: 'sku', order: 'asc' as const }], pagination: { pageSize: PAGE_SIZE_MAX } };

function Till({ onSold }: { onSold(): void }) {
  const { t, data, user, useList, useRevalidate } = useWidgetHost();
  const { message } = App.useApp();
  const revalidate = useRevalidate();
  const list = useList(ON_SALE);
  const { cart, setCart, checkoutId, sold } = useKeptCart(user.id);
  const [busy, setBusy] = useState(false);
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const scan = useRef<InputRef>(null);
  const cartPanel = useRef<HTMLDivElement>(null);
  const refocus = () => setTimeout(() => scan.current?.focus(), 0);

  const goods = useMemo<ShelfGoods[] | undefined>(
    () =>
      list.data?.rows.map((row) => ({
        goods_id: row.id,
        sku: String(row.sku ?? ''),
        name: String(row.name ?? ''),
        category: String(row.category ?? ''),
        price_fen: Number(row.price_fen ?? 0),
        stock: Number(row.stock ?? 0),
        image: typeof row.image === 'string' && row.image ? row.image : null,
      })),
    [list.data],
  );
  const categories = useMemo(() => [...new Set((goods ?? []).map((item) => item.category).filter(Boolean))].sort(), [goods]);
  const totals = cartTotals(cart);
  const held = useMemo(() => new Map(cart.lines.map((line) => [line.goods_id, line.quantity])), [cart.lines]);

  const add = (item: ShelfGoods) => {
    if (!canAdd(cart, item)) message.warning(t('goodsCashierStockLimit', { name: item.name, stock: item.stock }));
    else setCart((current) => addGoods(current, item));
    refocus();
  };
  // A scanner types the SKU exactly; a typed name that leaves one goods shown adds that one.
  const scanned = (text: string, shown: ShelfGoods[]) => {
    const sku = text.toLowerCase();
    const found = goods?.find((item) => item.sku.toLowerCase() === sku) ?? (shown.length === 1 ? shown[0] : undefined);
    if (found) add(found);
    else message.warning(t('goodsCashierNotFound', { sku: text }));
  };

  const checkout = async () => {
    setBusy(true);
    try {
      const sale = await data.goods.checkout(checkoutBody(cart, checkoutId.current));
      sold();
      setReceipt(sale);
      onSold();
    } catch {
      // The console has told the refusal (its Chinese message names the goods); stock may have moved.
    } finally {
      setBusy(false);
      revalidate('goods');
      revalidate('trades');
    }
  };

  if (list.error && !list.data) return <Result status="warning" title={t('loadFailed')} extra={<Button onClick={() => void list.mutate()}>{t('retry')}</Button>} />;
  return (
    <div className="cashier-main">
      <CashierGoods goods={goods} categories={categories} held={held} scanRef={scan} onAdd={add} onScan={scanned} />
      <div ref={cartPanel} className="cashier-cart-slot">
        <CashierCart
          cart={cart}
          setCart={setCart}
          busy={busy}
          onCheckout={() => void checkout()}
          onClear={() => {
            sold();
            refocus();
          }}
        />
      </div>
      {/* On a phone the cart is below a long list of goods: this bar stays at the bottom and leads to it. */}
      <div className="cashier-phone-bar">
        <span>
          <ShoppingCartOutlined /> {t('goodsCashierCount')} {totals.count} · {t('goodsCashierDue')} <strong>{formatMoney(totals.due)}</strong>
        </span>
        <Button type="primary" disabled={cart.lines.length === 0} onClick={() => cartPanel.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })}>
          {t('goodsCashierCheckout')}
        </Button>
      </div>
      <CashierReceipt
        receipt={receipt}
        onClose={() => {
          setReceipt(null);
          refocus();
        }}
      />
    </div>
  );
}

export default function CashierBlock(_: BlockProps) {
  const { t, data } = useWidgetHost();
  const today = useSWR(['goods-cashier-today'], () => data.goods.cashierToday());
  const [shown, setShown] = useState<Receipt | null>(null);

  if (today.error && !today.data) return <Result status="warning" title={t('loadFailed')} extra={<Button onClick={() => void today.mutate()}>{t('retry')}</Button>} />;
  if (!today.data) return <Skeleton active />;
  if (today.data.team_name === null) return <Result status="info" title={t('goodsCashierNeedsTeam')} subTitle={t('goodsCashierNeedsTeamHint')} data-testid="cashier-needs-team" />;
  return (
    <div className="cashier">
      <CashierToday today={today.data} onReceipt={(id) => void data.goods.cashierSale(id).then(setShown)} />
      <Till onSold={() => void today.mutate()} />
      <CashierReceipt receipt={shown} onClose={() => setShown(null)} />
    </div>
  );
}
