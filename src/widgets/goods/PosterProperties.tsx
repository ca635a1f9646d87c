/**
 * The designer's properties panel: the selected element's place and size and what its kind has
 * (text, picture, goods, price, QR link, fill), or, with nothing selected, the poster's own size
 * and background. Every change is one undo step.
 */
import { useState } from 'react';
import { Button, ColorPicker, Form, Input, InputNumber, Segmented, Select } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import { LINK_PATTERN, POSTER_MAX_SIDE, POSTER_MIN_SIDE, type PosterDoc, type PosterElement, type PosterElementOf, type PosterFill } from '../../contract/api/posters';
import { useWidgetHost } from '../interface/host';
import { PosterGoodsSelect } from './PosterGoodsSelect';
import { PosterPicturePicker, type PictureSource } from './PosterPicturePicker';

const LINK = new RegExp(LINK_PATTERN);

function Colour({ value, onChange, label }: { value: string; onChange(colour: string): void; label: string }) {
  return (
    <Form.Item label={label}>
      <ColorPicker value={value} disabledAlpha showText onChangeComplete={(colour) => onChange(colour.toHexString())} aria-label={label} />
    </Form.Item>
  );
}

function Number_({ label, value, onChange, min, max, step }: { label: string; value: number; onChange(value: number): void; min?: number; max?: number; step?: number }) {
  return (
    <Form.Item label={label}>
      <InputNumber value={value} min={min} max={max} step={step} onChange={(next) => typeof next === 'number' && onChange(next)} aria-label={label} />
    </Form.Item>
  );
}

/** One colour or a two-colour gradient. */
function FillEditor({ fill, onChange }: { fill: PosterFill; onChange(fill: PosterFill): void }) {
  const { t } = useWidgetHost();
  const first = fill.type === 'solid' ? fill.color : fill.from;
  return (
    <>
      <Form.Item label={t('goodsPosterFill')}>
        <Segmented<PosterFill['type']>
          value={fill.type}
          options={[
            { value: 'solid', label: t('goodsPosterFillSolid') },
            { value: 'gradient', label: t('goodsPosterFillGradient') },
          ]}
          onChange={(type) => onChange(type === 'solid' ? { type: 'solid', color: first } : { type: 'gradient', from: first, to: '#ffffff', direction: 'vertical' })}
        />
      </Form.Item>
      {fill.type === 'solid' ? (
        <Colour label={t('goodsPosterColour')} value={fill.color} onChange={(color) => onChange({ ...fill, color })} />
      ) : (
        <>
          <div className="poster-pair">
            <Colour label={t('goodsPosterFrom')} value={fill.from} onChange={(from) => onChange({ ...fill, from })} />
            <Colour label={t('goodsPosterTo')} value={fill.to} onChange={(to) => onChange({ ...fill, to })} />
          </div>
          <Form.Item label={t('goodsPosterDirection')}>
            <Select
              value={fill.direction}
              onChange={(direction) => onChange({ ...fill, direction })}
              options={[
                { value: 'vertical', label: t('goodsPosterVertical') },
                { value: 'horizontal', label: t('goodsPosterHorizontal') },
                { value: 'diagonal', label: t('goodsPosterDiagonal') },
              ]}
              aria-label={t('goodsPosterDirection')}
            />
          </Form.Item>
        </>
      )}
    </>
  );
}

/** A QR code's link, taken once it is one the server keeps (http(s) or a path of this site). */
function LinkInput({ value, onChange }: { value: string; onChange(link: string): void }) {
  const { t } = useWidgetHost();
  const [typed, setTyped] = useState(value);
  // An undo or redo changes the link under the field: the field shows it.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setTyped(value);
  }
  const valid = LINK.test(typed);
  return (
    <Form.Item label={t('goodsPosterLink')} validateStatus={valid ? undefined : 'error'} help={valid ? t('goodsPosterLinkHint') : t('goodsPosterLinkBad')}>
      <Input
        value={typed}
        maxLength={500}
        aria-label={t('goodsPosterLink')}
        onChange={(event) => {
          setTyped(event.target.value);
          if (LINK.test(event.target.value)) onChange(event.target.value);
        }}
      />
    </Form.Item>
  );
}

function KindFields({ element, change, team }: { element: PosterElement; change(values: Partial<PosterElement>): void; team: number | undefined }) {
  const { t } = useWidgetHost();
  const [picking, setPicking] = useState(false);
  switch (element.kind) {
    case 'text':
      return (
        <>
          <Form.Item label={t('goodsPosterText')}>
            <Input.TextArea value={element.text} autoSize={{ minRows: 2, maxRows: 6 }} maxLength={2000} onChange={(event) => change({ text: event.target.value })} aria-label={t('goodsPosterText')} />
          </Form.Item>
          <div className="poster-pair">
            <Number_ label={t('goodsPosterFontSize')} value={element.size} min={8} max={400} onChange={(size) => change({ size })} />
            <Colour label={t('goodsPosterColour')} value={element.color} onChange={(color) => change({ color })} />
          </div>
          <Form.Item label={t('goodsPosterWeight')}>
            <Segmented<'normal' | 'bold'> value={element.weight} options={[{ value: 'normal', label: t('goodsPosterNormal') }, { value: 'bold', label: t('goodsPosterBold') }]} onChange={(weight) => change({ weight })} />
          </Form.Item>
          <Form.Item label={t('goodsPosterAlign')}>
            <Segmented<'left' | 'center' | 'right'>
              value={element.align}
              options={[
                { value: 'left', label: t('goodsPosterLeft') },
                { value: 'center', label: t('goodsPosterCenter') },
                { value: 'right', label: t('goodsPosterRight') },
              ]}
              onChange={(align) => change({ align })}
            />
          </Form.Item>
        </>
      );
    case 'image':
      return (
        <>
          <Form.Item label={t('goodsPosterPicture')}>
            <Button icon={<PictureOutlined />} onClick={() => setPicking(true)}>
              {t('goodsPosterChangePicture')}
            </Button>
          </Form.Item>
          <Form.Item label={t('goodsPosterFit')}>
            <Segmented<'cover' | 'contain'> value={element.fit} options={[{ value: 'cover', label: t('goodsPosterCover') }, { value: 'contain', label: t('goodsPosterContain') }]} onChange={(fit) => change({ fit })} />
          </Form.Item>
          <Number_ label={t('goodsPosterRadius')} value={element.radius} min={0} max={1000} onChange={(radius) => change({ radius })} />
          <PosterPicturePicker open={picking} team={team} onClose={() => setPicking(false)} onPick={(src: PictureSource) => change({ src })} />
        </>
      );
    case 'goods':
      return (
        <>
          <Form.Item label={t('goodsPosterGoods')}>
            <PosterGoodsSelect value={element.goods_id} onChange={(goods) => goods && change({ goods_id: goods.id, name: goods.name, price_fen: goods.price_fen, image: goods.image })} />
          </Form.Item>
          <div className="poster-pair">
            <Colour label={t('goodsPosterColour')} value={element.color} onChange={(color) => change({ color })} />
            <Colour label={t('goodsPosterAccent')} value={element.accent} onChange={(accent) => change({ accent })} />
          </div>
          <Colour label={t('goodsPosterBackground')} value={element.background} onChange={(background) => change({ background })} />
        </>
      );
    case 'price':
      return (
        <>
          <Form.Item label={t('goodsPosterPriceLabel')}>
            <Input value={element.label} maxLength={20} onChange={(event) => change({ label: event.target.value })} aria-label={t('goodsPosterPriceLabel')} />
          </Form.Item>
          <Number_ label={t('goodsPosterPriceYuan')} value={element.price_fen / 100} min={0} max={1_000_000} step={0.1} onChange={(yuan) => change({ price_fen: Math.round(yuan * 100) })} />
          <Form.Item label={t('goodsPosterPriceFromGoods')}>
            <PosterGoodsSelect value={undefined} onChange={(goods) => goods && change({ price_fen: goods.price_fen })} />
          </Form.Item>
          <div className="poster-pair">
            <Colour label={t('goodsPosterColour')} value={element.color} onChange={(color) => change({ color })} />
            <Colour label={t('goodsPosterBackground')} value={element.background} onChange={(background) => change({ background })} />
          </div>
        </>
      );
    case 'qr':
      return (
        <>
          <LinkInput value={element.link} onChange={(link) => change({ link })} />
          <div className="poster-pair">
            <Colour label={t('goodsPosterColour')} value={element.color} onChange={(color) => change({ color })} />
            <Colour label={t('goodsPosterBackground')} value={element.background} onChange={(background) => change({ background })} />
          </div>
        </>
      );
    case 'rect':
      return (
        <>
          <FillEditor fill={element.fill} onChange={(fill) => change({ fill })} />
          <Number_ label={t('goodsPosterRadius')} value={element.radius} min={0} max={1000} onChange={(radius) => change({ radius })} />
        </>
      );
  }
}

export interface PosterPropertiesProps {
  doc: PosterDoc;
  element: PosterElement | undefined;
  team: number | undefined;
  onElement(id: string, values: Partial<PosterElement>): void;
  onDoc(doc: PosterDoc): void;
}

export function PosterProperties({ doc, element, team, onElement, onDoc }: PosterPropertiesProps) {
  const { t } = useWidgetHost();
  if (!element) {
    return (
      <Form layout="vertical" size="small" className="poster-properties" aria-label={t('goodsPosterPage')}>
        <h4>{t('goodsPosterPage')}</h4>
        <div className="poster-pair">
          <Number_ label={t('goodsPosterWidth')} value={doc.width} min={POSTER_MIN_SIDE} max={POSTER_MAX_SIDE} onChange={(width) => onDoc({ ...doc, width: Math.round(width) })} />
          <Number_ label={t('goodsPosterHeight')} value={doc.height} min={POSTER_MIN_SIDE} max={POSTER_MAX_SIDE} onChange={(height) => onDoc({ ...doc, height: Math.round(height) })} />
        </div>
        <FillEditor fill={doc.background} onChange={(background) => onDoc({ ...doc, background })} />
        <p className="poster-muted">{t('goodsPosterPageHint')}</p>
      </Form>
    );
  }
  const change = (values: Partial<PosterElement>) => onElement(element.id, values);
  return (
    <Form layout="vertical" size="small" className="poster-properties" key={element.id}>
      <h4>{t(`goodsPosterKind_${element.kind}`)}</h4>
      <div className="poster-quad">
        <Number_ label="X" value={element.x} onChange={(x) => change({ x: Math.round(x) })} />
        <Number_ label="Y" value={element.y} onChange={(y) => change({ y: Math.round(y) })} />
        <Number_ label={t('goodsPosterW')} value={element.w} min={1} onChange={(w) => change({ w: Math.round(w) })} />
        <Number_ label={t('goodsPosterH')} value={element.h} min={1} onChange={(h) => change({ h: Math.round(h) })} />
      </div>
      <KindFields element={element as PosterElementOf<typeof element.kind>} change={change} team={team} />
    </Form>
  );
}
