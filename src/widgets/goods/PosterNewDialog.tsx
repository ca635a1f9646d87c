/**
 * 新建海报: pick a template (促销竖版, 方形主图, 横版 banner) or a blank page, the goods it is laid
 * out around and a name; an administrator also names the team it belongs to. Each template's card
 * is drawn by the renderer with the goods picked, so the choice shows what it will make.
 */
import { useState } from 'react';
import { Form, Input, Modal, Select } from 'antd';
import useSWR from 'swr';
import { POSTER_NAME_MAX, type PosterDoc } from '../../contract/api/posters';
import { POSTER_TEMPLATES, TEMPLATE_SIZES, templateDoc, type PosterTemplate, type TemplateGoods, type TemplateWords } from '../../contract/api/poster-templates';
import { useWidgetHost } from '../interface/host';
import type { GoodsMessageKey } from '../interface/goods-messages';
import { fitScale } from './poster-geometry';
import { PosterCanvas } from './PosterCanvas';
import { PosterGoodsSelect, usePosterGoods } from './PosterGoodsSelect';
import { usePosterPictures } from './usePosterPictures';

const TEMPLATE_NAMES: Record<PosterTemplate, GoodsMessageKey> = { promo: 'goodsPosterTplPromo', square: 'goodsPosterTplSquare', banner: 'goodsPosterTplBanner', blank: 'goodsPosterTplBlank' };
const CARD = { width: 150, height: 150 };

/** The words a template starts with, in the console's language; a goods' QR code leads to its page. */
export function useTemplateWords(): (goods: TemplateGoods | undefined) => TemplateWords {
  const { t } = useWidgetHost();
  return (goods) => ({
    headline: t('goodsPosterWordHeadline'),
    tagline: t('goodsPosterWordTagline'),
    priceLabel: t('goodsPosterWordPrice'),
    scan: t('goodsPosterWordScan'),
    link: goods ? `/goods/list?id=${goods.id}` : '/',
  });
}

function TemplateCard({ template, doc, chosen, onChoose }: { template: PosterTemplate; doc: PosterDoc; chosen: boolean; onChoose(): void }) {
  const { t } = useWidgetHost();
  const pictures = usePosterPictures(doc);
  const size = TEMPLATE_SIZES[template];
  return (
    <button type="button" className={`poster-template${chosen ? ' poster-template-chosen' : ''}`} onClick={onChoose} aria-pressed={chosen} data-template={template}>
      <div className="poster-template-preview">
        <PosterCanvas doc={doc} pictures={pictures} scale={fitScale(size.width, size.height, CARD.width, CARD.height, 6)} label={t(TEMPLATE_NAMES[template])} />
      </div>
      <strong>{t(TEMPLATE_NAMES[template])}</strong>
      <span className="poster-muted">{`${size.width}×${size.height}`}</span>
    </button>
  );
}

export interface NewPoster {
  name: string;
  doc: PosterDoc;
  team_id?: number;
}

export function PosterNewDialog({ open, severalTeams, onCancel, onCreate }: { open: boolean; severalTeams: boolean; onCancel(): void; onCreate(poster: NewPoster): Promise<void> }) {
  const { t, data } = useWidgetHost();
  const words = useTemplateWords();
  const allGoods = usePosterGoods();
  const [template, setTemplate] = useState<PosterTemplate>('promo');
  const [picked, setPicked] = useState<TemplateGoods | undefined>();
  const [name, setName] = useState('');
  const [team, setTeam] = useState<number | undefined>();
  const [busy, setBusy] = useState(false);
  const teams = useSWR(severalTeams && open ? ['goods-poster-teams'] : null, () => data.rowTeams({ resource: 'goods' }));
  // Until a goods is picked, the templates show the team's first one, as a sample.
  const goods = picked ?? allGoods?.find((item) => item.image) ?? allGoods?.[0];
  const docs = Object.fromEntries(POSTER_TEMPLATES.map((key) => [key, templateDoc(key, key === 'blank' ? null : (goods ?? null), words(goods))])) as Record<PosterTemplate, PosterDoc>;
  const fallbackName = `${goods && template !== 'blank' ? `${goods.name} ` : ''}${t(TEMPLATE_NAMES[template])}`.slice(0, POSTER_NAME_MAX);

  const create = async () => {
    setBusy(true);
    try {
      await onCreate({ name: name.trim() || fallbackName, doc: docs[template], ...(team ? { team_id: team } : {}) });
      setName('');
      setPicked(undefined);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('goodsPosterNewTitle')}
      width={760}
      okText={t('goodsPosterCreate')}
      onOk={() => void create()}
      okButtonProps={{ loading: busy, disabled: severalTeams && !team }}
      onCancel={onCancel}
      destroyOnHidden
    >
      <div className="poster-templates" role="group" aria-label={t('goodsPosterTemplate')}>
        {POSTER_TEMPLATES.map((key) => (
          <TemplateCard key={key} template={key} doc={docs[key]} chosen={template === key} onChoose={() => setTemplate(key)} />
        ))}
      </div>
      <Form layout="vertical" className="poster-new-form">
        <Form.Item label={t('goodsPosterGoods')} help={t('goodsPosterGoodsHint')}>
          <PosterGoodsSelect value={picked?.id} onChange={setPicked} />
        </Form.Item>
        <Form.Item label={t('goodsPosterName')}>
          <Input value={name} maxLength={POSTER_NAME_MAX} placeholder={fallbackName} onChange={(event) => setName(event.target.value)} aria-label={t('goodsPosterName')} />
        </Form.Item>
        {severalTeams && (
          <Form.Item label={t('goodsPosterTeam')} required>
            <Select
              value={team}
              onChange={setTeam}
              placeholder={t('goodsPosterPickTeam')}
              loading={teams.isLoading}
              options={(teams.data ?? []).map((row) => ({ value: Number(row.value), label: row.label }))}
              aria-label={t('goodsPosterTeam')}
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
