import './controls.css';
import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/lib/types';

/** SVG's attribute names (fill-rule) as React spells them (fillRule). */
const reactAttrs = (attrs: AbstractNode['attrs']) =>
  Object.fromEntries(Object.entries(attrs).map(([name, value]) => [name.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase()), value]));

function draw({ tag, attrs, children = [] }: AbstractNode, key?: number) {
  const Tag = tag as 'svg';
  return (
    <Tag key={key} {...reactAttrs(attrs)}>
      {children.map(draw)}
    </Tag>
  );
}

/**
 * One of antd's icon shapes (their SVG definitions), drawn as plain SVG in the text's colour and size:
 * the signed-out pages take the shapes without @ant-design/icons' runtime (its style injection and
 * two-tone palette).
 */
export function Icon({ icon, className }: { icon: IconDefinition; className?: string }) {
  const shape = typeof icon.icon === 'function' ? icon.icon('currentColor', 'currentColor') : icon.icon;
  return (
    <span role="img" aria-hidden="true" className={className ? `auth-icon ${className}` : 'auth-icon'}>
      <svg {...reactAttrs(shape.attrs)} width="1em" height="1em" fill="currentColor">
        {(shape.children ?? []).map(draw)}
      </svg>
    </span>
  );
}
