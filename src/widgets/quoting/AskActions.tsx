/**
 * What the asking team does to its ask on the ask's page: urge the quoting teams (once in 30
 * minutes; the button says how long is left), raise the expected price (a price dialog), close it,
 * or ask again once closed or expired. Each is a workflow transition the server checks again.
 */
import { useState } from 'react';
import { App, Button, Flex, InputNumber, Modal, Tooltip, Typography } from 'antd';
import { BellOutlined, CloseCircleOutlined, RedoOutlined, RiseOutlined } from '@ant-design/icons';
import type { ResourceDefinition, ResourceRecord } from '../../contract/resource';
import { formatMoney } from '../cells/format';
import { useWidgetHost } from '../interface/host';
import { messageOf } from './errors';
import { fenOf, timeLeft } from './quote-math';
import { transitionLabel } from './states';

const URGE_INTERVAL_MS = 30 * 60_000;

export interface AskActionsProps {
  ask: ResourceRecord;
  definition: ResourceDefinition | undefined;
  now: number;
  /** After a transition went through: the page reads the ask again. */
  onChanged(): void;
}

function AddPriceDialog({ ask, open, onClose, onRaise }: { ask: ResourceRecord; open: boolean; onClose(): void; onRaise(fen: number): Promise<void> }) {
  const { t } = useWidgetHost();
  const before = ask.expected_price_fen === null || ask.expected_price_fen === undefined ? 0 : Number(ask.expected_price_fen);
  const [yuan, setYuan] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const fen = fenOf(yuan);
  const tooLow = fen !== null && fen <= before;
  return (
    <Modal
      open={open}
      title={t('qAddpriceTitle')}
      okText={t('qAddpriceOk')}
      cancelText={t('qCancel')}
      okButtonProps={{ disabled: fen === null || tooLow, loading: busy, 'data-testid': 'addprice-ok' } as never}
      onCancel={onClose}
      destroyOnHidden
      onOk={async () => {
        if (fen === null) return;
        setBusy(true);
        try {
          await onRaise(fen);
          onClose();
        } finally {
          setBusy(false);
        }
      }}
    >
      <Flex vertical gap={8}>
        <Typography.Text>{before > 0 ? t('qAddpriceNow', { price: formatMoney(before) }) : t('qNoExpected')}</Typography.Text>
        <InputNumber autoFocus min={0.01} precision={2} prefix="¥" value={yuan} onChange={setYuan} style={{ width: '100%' }} data-testid="addprice-input" />
        {tooLow && <Typography.Text type="danger">{t('qAddpriceTooLow', { price: formatMoney(before) })}</Typography.Text>}
        <Typography.Text type="secondary">{t('qAddpriceHint')}</Typography.Text>
      </Flex>
    </Modal>
  );
}

export function AskActions({ ask, definition, now, onChanged }: AskActionsProps) {
  const { t, lang, useTransitions } = useWidgetHost();
  const { message, modal } = App.useApp();
  const [raising, setRaising] = useState(false);
  // Which steps the reader may take now is the server's word (the record's _actions).
  const transitions = useTransitions(definition, ask);
  const may = (name: string) => transitions.offered.some((o) => o.name === name);
  const busy = transitions.pending;
  const label = (name: string) => transitionLabel(definition, name, lang) ?? name;

  async function take(action: string, params?: Record<string, unknown>, done?: string) {
    try {
      await transitions.take(action, params);
      void message.success(done ?? t('qDone', { action: label(action) }));
    } catch (error) {
      void message.error(messageOf(error, t('loadFailed')));
      throw error;
    } finally {
      onChanged();
    }
  }
  const quietly = (promise: Promise<unknown>) => void promise.catch(() => undefined);

  const urgedAt = ask.urged_at === null || ask.urged_at === undefined ? null : Number(ask.urged_at);
  // The page's clock ticks every half minute and may stand before the server's urged_at: never say more than the interval.
  const left = urgedAt === null ? null : timeLeft(Math.min(urgedAt, now) + URGE_INTERVAL_MS, now);
  const wait = left;
  const confirmOf = (name: string) => definition?.workflow?.transitions.find((tr) => tr.name === name)?.confirm?.[lang];

  return (
    <Flex gap={8} wrap className="quoting-ask-actions">
      {may('urge') && (
        <Tooltip title={wait ? t('qUrgeWait', { minutes: wait.hours * 60 + wait.minutes }) : t('qUrgeHint')}>
          <Button icon={<BellOutlined />} disabled={wait !== null} loading={busy === 'urge'} onClick={() => quietly(take('urge', undefined, t('qUrged')))} data-testid="ask-urge">
            {wait ? t('qUrgeIn', { minutes: wait.hours * 60 + wait.minutes }) : label('urge')}
          </Button>
        </Tooltip>
      )}
      {may('addprice') && (
        <Button icon={<RiseOutlined />} onClick={() => setRaising(true)} data-testid="ask-addprice">
          {label('addprice')}
        </Button>
      )}
      {may('close') && (
        <Button
          danger
          icon={<CloseCircleOutlined />}
          loading={busy === 'close'}
          data-testid="ask-close"
          onClick={() => void modal.confirm({ title: label('close'), content: confirmOf('close'), okButtonProps: { danger: true }, onOk: () => take('close') })}
        >
          {label('close')}
        </Button>
      )}
      {may('reask') && (
        <Button type="primary" icon={<RedoOutlined />} loading={busy === 'reask'} onClick={() => quietly(take('reask', undefined, t('qReasked')))} data-testid="ask-reask">
          {label('reask')}
        </Button>
      )}
      <AddPriceDialog ask={ask} open={raising} onClose={() => setRaising(false)} onRaise={(fen) => take('addprice', { price_fen: fen })} />
    </Flex>
  );
}
