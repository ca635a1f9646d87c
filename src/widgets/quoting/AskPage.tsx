/**
 * The ask's full page, where a notice click lands (/main/handlefind?name=<ask no>): its particulars
 * and photos, the asking team's actions, the quotes side by side, and its timeline. A quoting team
 * sees the ask, only its own quote and the composer; the page follows live frames, so a quote that
 * arrives shows without a reload. Placed by the screen main/handlefind as the block `quotingAskPage`.
 */
import { Button, Card, Col, Empty, Flex, Result, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, ReloadOutlined } from '@ant-design/icons';
import { useWidgetHost } from '../interface/host';
import type { BlockProps } from '../interface/registry';
import type { AskPageAnswer } from '../interface/quoting-data';
import { useHandleFind } from './api';
import { AskActions } from './AskActions';
import { AskDetails, AskPhotos } from './AskDetails';
import { AskTimeline } from './AskTimeline';
import { codeOf } from './errors';
import { QuoteBoard } from './QuoteBoard';
import { QuoteComposer } from './QuoteComposer';
import { stateOf } from './states';
import { useAskLive } from './use-ask-live';
import { useNow } from './use-now';
import './quoting.css';

const ASKING = 1;
const QUOTING = 2;
const OPERATION = 3;

function AskNumber({ name }: { name: string }) {
  return <span data-testid="find-id">{name}</span>;
}

function Loaded({ name, answer, refresh }: { name: string; answer: AskPageAnswer; refresh(): void }) {
  const { t, lang, user, useDefinition } = useWidgetHost();
  const now = useNow();
  const asks = useDefinition('price_asks');
  const quotesDefinition = useDefinition('price_quotes');
  const { ask, quotes, teams, photos, timeline } = answer;
  const state = stateOf(asks.data, ask.status, lang);
  const open = ask.status === 'pending' || ask.status === 'quoted';
  const owns = user.team_type === ASKING && ask.team_id === user.team_id;
  const decides = owns || user.team_type === OPERATION;
  const quoter = user.team_type === QUOTING;
  const mine = quoter ? quotes.find((q) => q.team_id === user.team_id) : undefined;

  return (
    <Row gutter={[16, 16]} className="quoting-ask-page" data-testid="ask-page">
      <Col xs={24} xl={17}>
        <Flex vertical gap={16}>
          <Card
            title={
              <Space wrap size={8}>
                <span>{t('qAskTitle')}</span>
                <Typography.Text copyable={{ text: name }} className="quoting-ask-no">
                  <AskNumber name={name} />
                </Typography.Text>
                <Tag color={state.color} data-testid="ask-status">
                  {state.label}
                </Tag>
              </Space>
            }
            extra={decides ? <AskActions ask={ask} definition={asks.data} now={now} onChanged={refresh} /> : null}
            className="quoting-ask-card"
          >
            <AskDetails ask={ask} definition={asks.data} />
            <Typography.Title level={5} className="quoting-subtitle">{t('qPhotos')}</Typography.Title>
            <AskPhotos photos={photos} />
          </Card>
          <Card
            title={quoter ? t('qMyQuote') : t('qQuotesTitle', { count: quotes.length })}
            extra={quoter ? null : <Typography.Text type="secondary">{t('qSealedHint')}</Typography.Text>}
          >
            {quoter && !mine ? (
              open ? (
                <QuoteComposer ask={ask} onDone={refresh} />
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('qAskNotOpen', { state: state.label })} />
              )
            ) : (
              <QuoteBoard ask={ask} quotes={quotes} teams={teams} definition={quotesDefinition.data} now={now} onChanged={refresh} />
            )}
          </Card>
        </Flex>
      </Col>
      <Col xs={24} xl={7}>
        <Card title={t('qTimeline')} className="quoting-timeline-card">
          <AskTimeline rows={timeline} definition={asks.data} />
        </Card>
      </Col>
    </Row>
  );
}

export default function AskPage({ options }: BlockProps) {
  const { t, navigate, useQuery } = useWidgetHost();
  const query = useQuery();
  const param = typeof options.param === 'string' ? options.param : 'name';
  const name = query[param]?.trim() || undefined;
  const found = useHandleFind(name);
  const refresh = () => void found.mutate();
  useAskLive(found.data?.ask.ask_no === undefined ? name : String(found.data.ask.ask_no), refresh);
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => (window.history.length > 1 ? window.history.back() : navigate('/'))}>
      {t('qBack')}
    </Button>
  );

  if (!name) return <Result status="warning" title={t('qAskMissing')} extra={back} />;
  if (found.error) {
    const code = codeOf(found.error);
    return (
      <Result
        status={code === 403 ? '403' : code === 404 ? '404' : 'error'}
        title={<AskNumber name={name} />}
        subTitle={code === 404 || code === 403 ? t('qAskNotFound') : t('loadFailed')}
        extra={
          <Space>
            {back}
            <Button icon={<ReloadOutlined />} onClick={refresh}>
              {t('retry')}
            </Button>
          </Space>
        }
      />
    );
  }
  if (!found.data) return <Skeleton active paragraph={{ rows: 10 }} />;
  return <Loaded name={name} answer={found.data} refresh={refresh} />;
}
