/**
 * 收银台's right side: the cart's lines with quantity steppers (up to the stock), remove and clear;
 * the whole-order discount (an amount or 折扣); 件数, 合计, 优惠 and 应收; the payment, and for cash
 * what was received and the change; 结账. On a phone the totals and 结账 stick to the bottom.
 */
import type { Dispatch, SetStateAction } from 'react';
import { Button, Empty, InputNumber, Popconfirm, Segmented, Typography } from 'antd';
import { AlipayCircleOutlined, DeleteOutlined, MoneyCollectOutlined, WechatOutlined } from '@ant-design/icons';
import { CASHIER_PAYMENTS, type CashierPayment } from '../../contract/api/cashier';
import { useWidgetHost } from '../interface/host';
import { formatMoney } from '../cells/format';
import { cartTotals, quickCash, removeLine, setQuantity, type Cart, type DiscountInput } from './cashier-cart';

const PAYMENT_ICONS: Record<CashierPayment, React.ReactNode> = {
  cash: <MoneyCollectOutlined />,
  wechat: <WechatOutlined />,
  alipay: <AlipayCircleOutlined />,
};

interface Props {
  cart: Cart;
  setCart: Dispatch<SetStateAction<Cart>>;
  busy: boolean;
  onCheckout(): void;
  onClear(): void;
}

function DiscountInputs({ cart, setCart }: Pick<Props, 'cart' | 'setCart'>) {
  const { t } = useWidgetHost();
  const set = (discount: DiscountInput) => setCart((current) => ({ ...current, discount }));
  const { discount } = cart;
  return (
    <div className="cashier-row">
      <span>{t('goodsCashierDiscount')}</span>
      <span className="cashier-discount">
        <Segmented
          size="small"
          value={discount.kind}
          onChange={(kind) => set(kind === 'amount' ? { kind, yuan: 0 } : kind === 'rate' ? { kind, zhe: 9.5 } : { kind: 'none' })}
          options={[
            { value: 'none', label: t('goodsCashierDiscountNone') },
            { value: 'amount', label: t('goodsCashierDiscountAmount') },
            { value: 'rate', label: t('goodsCashierDiscountRate') },
          ]}
        />
        {discount.kind === 'amount' && (
          <InputNumber<number>
            size="small"
            min={0}
            precision={2}
            prefix="¥"
            aria-label={t('goodsCashierDiscountYuan')}
            value={discount.yuan}
            onChange={(yuan) => set({ kind: 'amount', yuan: yuan ?? 0 })}
          />
        )}
        {discount.kind === 'rate' && (
          <InputNumber<number>
            size="small"
            min={0.1}
            max={9.9}
            step={0.5}
            precision={1}
            suffix={t('goodsCashierZhe')}
            aria-label={t('goodsCashierDiscountZhe')}
            value={discount.zhe}
            onChange={(zhe) => set({ kind: 'rate', zhe: zhe ?? 10 })}
          />
        )}
      </span>
    </div>
  );
}

export function CashierCart({ cart, setCart, busy, onCheckout, onClear }: Props) {
  const { t } = useWidgetHost();
  const totals = cartTotals(cart);
  const setPayment = (payment: CashierPayment) => setCart((current) => ({ ...current, payment }));
  const setReceived = (received: number | null) => setCart((current) => ({ ...current, received }));

  return (
    <div className="cashier-cart">
      <div className="cashier-cart-head">
        <strong>{t('goodsCashierCart')}</strong>
        <Popconfirm title={t('goodsCashierClearConfirm')} onConfirm={onClear} disabled={cart.lines.length === 0}>
          <Button type="link" size="small" danger disabled={cart.lines.length === 0}>
            {t('goodsCashierClear')}
          </Button>
        </Popconfirm>
      </div>
      {cart.lines.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('goodsCashierEmptyCart')} />
      ) : (
        <ul className="cashier-lines" data-testid="cashier-lines">
          {cart.lines.map((line) => (
            <li key={line.goods_id} className="cashier-line">
              <span className="cashier-line-name">
                <span>{line.name}</span>
                <Typography.Text type="secondary">
                  {line.sku} · {formatMoney(line.price_fen)}
                </Typography.Text>
              </span>
              <InputNumber<number>
                size="small"
                min={1}
                max={line.stock}
                precision={0}
                className="cashier-qty"
                aria-label={t('goodsCashierQuantityOf', { name: line.name })}
                value={line.quantity}
                onChange={(quantity) => quantity !== null && setCart((current) => setQuantity(current, line.goods_id, quantity))}
              />
              <strong className="cashier-line-amount">{formatMoney(line.price_fen * line.quantity)}</strong>
              <Button
                type="text"
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={`${t('goodsCashierRemove')} ${line.name}`}
                onClick={() => setCart((current) => removeLine(current, line.goods_id))}
              />
            </li>
          ))}
        </ul>
      )}
      <div className="cashier-pay">
        <DiscountInputs cart={cart} setCart={setCart} />
        <div className="cashier-row">
          <span>
            {t('goodsCashierCount')} <strong data-testid="cashier-count">{totals.count}</strong>
          </span>
          <span>
            {t('goodsCashierSubtotal')} {formatMoney(totals.subtotal)}
          </span>
          <span>
            {t('goodsCashierSaving')} <Typography.Text type="danger">-{formatMoney(totals.discount)}</Typography.Text>
          </span>
        </div>
        <div className="cashier-row cashier-due">
          <span>{t('goodsCashierDue')}</span>
          <strong data-testid="cashier-due">{formatMoney(totals.due)}</strong>
        </div>
        <Segmented<CashierPayment>
          block
          aria-label={t('goodsCashierPayment')}
          value={cart.payment}
          onChange={setPayment}
          options={CASHIER_PAYMENTS.map((value) => ({ value, label: t(`goodsCashierPay_${value}`), icon: PAYMENT_ICONS[value] }))}
        />
        {cart.payment === 'cash' && (
          <>
            <div className="cashier-row">
              <span>{t('goodsCashierReceived')}</span>
              <InputNumber<number>
                min={0}
                precision={2}
                prefix="¥"
                className="cashier-received"
                aria-label={t('goodsCashierReceived')}
                data-testid="cashier-received"
                value={cart.received}
                onChange={setReceived}
                onPressEnter={() => totals.blocker === null && !busy && onCheckout()}
              />
            </div>
            <div className="cashier-quick">
              {totals.due > 0 &&
                quickCash(totals.due).map((yuan) => (
                  <Button key={yuan} size="small" onClick={() => setReceived(yuan)}>
                    ¥{Number.isInteger(yuan) ? yuan : yuan.toFixed(2)}
                  </Button>
                ))}
            </div>
            <div className="cashier-row">
              <span>{t('goodsCashierChange')}</span>
              <strong className="cashier-change" data-testid="cashier-change">
                {totals.change === null ? '—' : formatMoney(totals.change)}
              </strong>
            </div>
          </>
        )}
        <Button type="primary" size="large" block loading={busy} disabled={totals.blocker !== null} onClick={onCheckout} data-testid="cashier-checkout">
          {t('goodsCashierCheckout')} {totals.due > 0 ? formatMoney(totals.due) : ''}
        </Button>
        {totals.blocker && totals.blocker !== 'empty' && <Typography.Text type="warning">{t(`goodsCashierBlock_${totals.blocker}`)}</Typography.Text>}
      </div>
    </div>
  );
}
