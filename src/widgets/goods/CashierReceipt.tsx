/**
 * A sale's receipt in a dialog: the shop, sale number, time, cashier, lines, totals, payment and
 * change, with 打印 (the print stylesheet shows the receipt alone) and 继续收银.
 */
import { Button, Modal } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import type { CashierReceipt as Receipt } from '../../contract/api/cashier';
import { useWidgetHost } from '../interface/host';
import { formatMoney, formatTime } from '../cells/format';

export function CashierReceipt({ receipt, onClose }: { receipt: Receipt | null; onClose(): void }) {
  const { t } = useWidgetHost();
  return (
    <Modal
      open={receipt !== null}
      title={t('goodsCashierReceipt')}
      rootClassName="cashier-receipt-modal"
      onCancel={onClose}
      afterClose={onClose}
      width={420}
      footer={[
        <Button key="print" icon={<PrinterOutlined />} onClick={() => window.print()}>
          {t('goodsCashierPrint')}
        </Button>,
        <Button key="next" type="primary" autoFocus onClick={onClose} data-testid="cashier-next">
          {t('goodsCashierNext')}
        </Button>,
      ]}
    >
      {receipt && (
        <div className="cashier-receipt" data-testid="cashier-receipt">
          <h3>{receipt.team_name}</h3>
          <dl>
            <dt>{t('goodsCashierSaleNo')}</dt>
            <dd>{receipt.sale_no}</dd>
            <dt>{t('goodsCashierTime')}</dt>
            <dd>{formatTime(receipt.sold_at, 'YYYY-MM-DD HH:mm:ss')}</dd>
            <dt>{t('goodsCashierCashier')}</dt>
            <dd>{receipt.cashier_name}</dd>
          </dl>
          <table>
            <thead>
              <tr>
                <th>{t('goodsCashierGoods')}</th>
                <th>{t('goodsCashierQty')}</th>
                <th>{t('goodsCashierPrice')}</th>
                <th>{t('goodsCashierAmount')}</th>
              </tr>
            </thead>
            <tbody>
              {receipt.lines.map((line) => (
                <tr key={`${line.sku}-${line.goods_id ?? ''}`}>
                  <td>
                    {line.name}
                    <br />
                    <small>{line.sku}</small>
                  </td>
                  <td>{line.quantity}</td>
                  <td>{formatMoney(line.price_fen)}</td>
                  <td>{formatMoney(line.amount_fen)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <dl>
            <dt>{t('goodsCashierCount')}</dt>
            <dd>{receipt.item_count}</dd>
            <dt>{t('goodsCashierSubtotal')}</dt>
            <dd>{formatMoney(receipt.subtotal_fen)}</dd>
            <dt>{t('goodsCashierSaving')}</dt>
            <dd>-{formatMoney(receipt.discount_fen)}</dd>
            <dt className="cashier-receipt-due">{t('goodsCashierDue')}</dt>
            <dd className="cashier-receipt-due">{formatMoney(receipt.total_fen)}</dd>
            <dt>{t('goodsCashierPayment')}</dt>
            <dd>{t(`goodsCashierPay_${receipt.payment}`)}</dd>
            <dt>{t('goodsCashierReceived')}</dt>
            <dd>{formatMoney(receipt.received_fen)}</dd>
            <dt>{t('goodsCashierChange')}</dt>
            <dd data-testid="cashier-receipt-change">{formatMoney(receipt.change_fen)}</dd>
            {receipt.trade_no && (
              <>
                <dt>{t('goodsCashierTrade')}</dt>
                <dd>{receipt.trade_no}</dd>
              </>
            )}
          </dl>
          <p className="cashier-receipt-thanks">{t('goodsCashierThanks')}</p>
        </div>
      )}
    </Modal>
  );
}
