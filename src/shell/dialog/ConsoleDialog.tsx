import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { Button, Modal, Spin, theme, type ModalProps } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { settings } from '../../contract/settings';
import { useI18n } from '../i18n/I18nProvider';
import { suspendSearch } from '../utils/paste-holder';
import { usePhone } from '../../widgets/interface/phone';

type MaskConfig = Exclude<ModalProps['mask'], boolean | undefined>;

export interface ConsoleDialogProps extends Omit<ModalProps, 'loading' | 'maskClosable'> {
  /** A spinner over the body, which stays in place (antd's own `loading` swaps it for a skeleton). */
  loading?: boolean;
  /** Close on a click on the backdrop (off by default); `mask.closable` says the same and wins. */
  maskClosable?: boolean;
  /** The header button; double-clicking the title toggles fullscreen either way. */
  fullscreenButton?: boolean;
  /** Move the dialog by dragging its title. */
  draggable?: boolean;
}

interface Drag {
  /** Pointer position minus the offset at the start, so offset = pointer - origin while moving. */
  originX: number;
  originY: number;
  /** Offsets that keep the whole dialog inside the viewport. */
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

const px = (length: number | string) => (typeof length === 'number' ? `${length}px` : length);

const clamp = (value: number, min: number, max: number) => Math.max(min, Math.min(value, max));

// Fills the viewport: the container takes its height and the body scrolls between header and footer.
function fullscreenStyles(styles: ModalProps['styles']): ModalProps['styles'] {
  return (info) => {
    const own = typeof styles === 'function' ? styles(info) : styles;
    return {
      ...own,
      container: { ...own?.container, height: '100vh', borderRadius: 0, display: 'flex', flexDirection: 'column' },
      body: { ...own?.body, flex: 1, overflow: 'auto' },
    };
  };
}

/**
 * The console's dialog (spec §4) over antd's Modal: it stays open on a backdrop click or Escape
 * unless told otherwise, moves by its title, goes fullscreen by a double-click on the title or the
 * header button, can lay a spinner over its body, and holds off paste searching while open.
 */
export function ConsoleDialog({
  loading = false,
  maskClosable = false,
  keyboard = false,
  fullscreenButton = true,
  draggable = true,
  open,
  mask,
  title,
  width,
  style,
  styles,
  modalRender,
  children,
  ...props
}: ConsoleDialogProps) {
  const { t } = useI18n();
  const { token } = theme.useToken();
  const [wanted, setFullscreen] = useState(false);
  // A phone has no room around a dialog: it always fills the screen, with nothing to drag or toggle.
  const phone = usePhone();
  const fullscreen = wanted || phone;
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const drag = useRef<Drag | null>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => (open ? suspendSearch() : undefined), [open]);

  const toggleFullscreen = () => setFullscreen((on) => !on);
  const canDrag = draggable && !fullscreen;

  const startDrag = (event: PointerEvent<HTMLDivElement>) => {
    if (!canDrag || event.button !== 0 || !panel.current) return;
    const rect = panel.current.getBoundingClientRect();
    drag.current = {
      originX: event.clientX - offset.x,
      originY: event.clientY - offset.y,
      minX: offset.x - rect.left,
      maxX: offset.x + window.innerWidth - rect.right,
      minY: offset.y - rect.top,
      maxY: offset.y + window.innerHeight - rect.bottom,
    };
    // Moves keep coming to the title while the pointer outruns it.
    event.currentTarget.setPointerCapture(event.pointerId);
  };

  const moveDrag = (event: PointerEvent<HTMLDivElement>) => {
    const from = drag.current;
    if (!from) return;
    setOffset({
      x: clamp(event.clientX - from.originX, from.minX, from.maxX),
      y: clamp(event.clientY - from.originY, from.minY, from.maxY),
    });
  };

  const endDrag = () => {
    drag.current = null;
  };

  const maskConfig: MaskConfig = typeof mask === 'boolean' ? { enabled: mask } : { ...mask };
  const fullscreenLabel = t(fullscreen ? 'dialog.exitFullscreen' : 'dialog.fullscreen');
  // Level with antd's close button, whose top the modal style derives from these tokens the same way
  // (the heading size may be a CSS length, hence calc).
  const headerButtonTop = `calc((${px(token.fontSizeHeading5)} * ${token.lineHeightHeading5} + ${px(token.padding * 2)} - ${px(token.controlHeight)}) / 2)`;

  const header = (
    <>
      <div
        onPointerDown={startDrag}
        onPointerMove={moveDrag}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onDoubleClick={phone ? undefined : toggleFullscreen}
        style={{ cursor: canDrag ? 'move' : undefined, userSelect: 'none', touchAction: 'none' }}
      >
        {title}
      </div>
      {fullscreenButton && !phone && (
        <Button
          type="text"
          aria-label={fullscreenLabel}
          title={fullscreenLabel}
          icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
          onClick={toggleFullscreen}
          style={{ position: 'absolute', top: headerButtonTop, insetInlineEnd: settings.dialogFullscreenOffset }}
        />
      )}
    </>
  );

  return (
    <Modal
      {...props}
      open={open}
      keyboard={keyboard}
      mask={{ ...maskConfig, closable: maskConfig.closable ?? maskClosable }}
      title={header}
      width={fullscreen ? '100vw' : width}
      style={fullscreen ? { ...style, top: 0, maxWidth: '100vw', margin: 0, paddingBottom: 0 } : style}
      styles={fullscreen ? fullscreenStyles(styles) : styles}
      modalRender={(node) => (
        <div ref={panel} style={fullscreen ? undefined : { transform: `translate(${offset.x}px, ${offset.y}px)` }}>
          {modalRender ? modalRender(node) : node}
        </div>
      )}
    >
      {/* Always wrapped, so switching the spinner never remounts (and resets) the content. */}
      <Spin spinning={loading}>{children}</Spin>
    </Modal>
  );
}
