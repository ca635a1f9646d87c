/**
 * Placeholders shaped like the screen that is coming, so the page does not jump when it arrives:
 * a list's search bar, toolbar and rows (cards on a phone), a form's label and field rows, a
 * detail's description rows. Plain elements and the theme's variables, no antd component: they
 * stand in while antd's renderers are still loading.
 */
import type { CSSProperties } from 'react';
import { usePhone } from '../../widgets/interface/phone';
import { useThemeVars } from '../theme';
import './skeleton.css';

export type SkeletonKind = 'list' | 'form' | 'detail';

const Bar = ({ width, className = '' }: { width?: string; className?: string }) => (
  <span className={`engine-skel ${className}`} style={width ? { width } : undefined} />
);

/** Card-shaped placeholders: a title line and a tag, two field lines. */
export function CardSkeleton({ count }: { count: number }) {
  return (
    <div className="engine-skel-cards">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="engine-skel-card">
          <div className="engine-skel-line">
            <Bar width="55%" />
            <Bar className="engine-skel-tag" />
          </div>
          <Bar width="80%" />
          <Bar width="65%" />
        </div>
      ))}
    </div>
  );
}

function ListSkeleton({ phone }: { phone: boolean }) {
  const filters = phone ? 1 : 3;
  return (
    <>
      <div className="engine-skel-filters">
        {Array.from({ length: filters }, (_, i) => (
          <div key={i} className="engine-skel-filter">
            <Bar className="engine-skel-label" />
            <Bar className="engine-skel-input" />
          </div>
        ))}
        <Bar className="engine-skel-button" />
      </div>
      <div className="engine-skel-line engine-skel-toolbar">
        <Bar className="engine-skel-button" />
        <Bar className="engine-skel-icon" />
      </div>
      {phone ? (
        <CardSkeleton count={4} />
      ) : (
        <div className="engine-skel-table">
          {Array.from({ length: 8 }, (_, row) => (
            <div key={row} className={row === 0 ? 'engine-skel-row is-head' : 'engine-skel-row'}>
              {['18%', '26%', '14%', '16%', '12%'].map((width, i) => (
                <Bar key={i} width={width} />
              ))}
            </div>
          ))}
        </div>
      )}
    </>
  );
}

function FormSkeleton({ columns }: { columns: number }) {
  return (
    <div className="engine-skel-form" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="engine-skel-field">
          <Bar className="engine-skel-label" />
          <Bar className="engine-skel-input" />
        </div>
      ))}
    </div>
  );
}

function DetailSkeleton({ columns }: { columns: number }) {
  return (
    <div className="engine-skel-detail" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
      {Array.from({ length: 8 }, (_, i) => (
        <div key={i} className="engine-skel-desc">
          <span className="engine-skel-desc-label">
            <Bar width="60%" />
          </span>
          <span className="engine-skel-desc-value">
            <Bar width={i % 3 === 0 ? '70%' : '45%'} />
          </span>
        </div>
      ))}
    </div>
  );
}

/** The placeholder of a screen part of `kind`; a phone gets its one-column (and card) shape. */
export function ScreenSkeleton({ kind, columns = 2 }: { kind: SkeletonKind; columns?: number }) {
  const phone = usePhone();
  const vars: CSSProperties = useThemeVars();
  const drawnColumns = phone ? 1 : columns;
  return (
    <div className={`engine-skeleton is-${kind}`} style={vars} role="status" aria-busy="true">
      {kind === 'list' && <ListSkeleton phone={phone} />}
      {kind === 'form' && <FormSkeleton columns={drawnColumns} />}
      {kind === 'detail' && <DetailSkeleton columns={drawnColumns} />}
    </div>
  );
}
