/**
 * A user's column settings of one list: which columns show, in what order, which are pinned, and the
 * row density. Kept in localStorage per user and per screen, and merged with the screen's columns on
 * every load, so a column the admin adds later still shows and one removed is forgotten.
 */
import type { Column } from '../../contract/screen';
import type { ColumnSettings, Density, Pin } from '../../widgets/interface/controllers';

export type { ColumnSettings, Density, Pin } from '../../widgets/interface/controllers';

const PREFIX = 'shop-console-columns';

export const settingsKey = (userId: number, screenId: string, resource: string) => `${PREFIX}:${userId}:${screenId}:${resource}`;

const PINS: Record<NonNullable<Column['fixed']>, Pin> = { left: 'start', right: 'end' };

/** What the screen itself says: its column order, columns hidden by default, fixed columns, density. */
export function screenDefaults(columns: Column[], density: Density = 'middle'): ColumnSettings {
  return {
    order: columns.map((c) => c.field),
    hidden: columns.filter((c) => c.hidden).map((c) => c.field),
    pinned: Object.fromEntries(columns.filter((c) => c.fixed).map((c) => [c.field, PINS[c.fixed!]])),
    density,
  };
}

const DENSITIES: readonly Density[] = ['large', 'middle', 'small'];

function parse(raw: string | null): Partial<ColumnSettings> | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<ColumnSettings> | null;
    return value && typeof value === 'object' ? value : null;
  } catch {
    return null;
  }
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/**
 * The saved settings over the screen's defaults: saved choices for columns that still exist, new
 * columns where the screen puts them (after the column that precedes them there).
 */
export function mergeSettings(saved: Partial<ColumnSettings> | null, defaults: ColumnSettings): ColumnSettings {
  if (!saved) return defaults;
  const known = new Set(defaults.order);
  const order = strings(saved.order).filter((id) => known.has(id));
  // Columns the user has never seen take the screen's own settings.
  const added = new Set(defaults.order.filter((id) => !order.includes(id)));
  defaults.order.forEach((id, i) => {
    if (!added.has(id)) return;
    const before = defaults.order[i - 1];
    order.splice(before === undefined ? 0 : order.indexOf(before) + 1, 0, id);
  });
  const hidden = [...strings(saved.hidden).filter((id) => known.has(id)), ...defaults.hidden.filter((id) => added.has(id))];
  const pinned: Record<string, Pin> = {};
  const savedPinned: Record<string, unknown> = saved.pinned && typeof saved.pinned === 'object' ? saved.pinned : {};
  for (const [id, pin] of Object.entries(savedPinned)) if (known.has(id) && (pin === 'start' || pin === 'end')) pinned[id] = pin;
  for (const [id, pin] of Object.entries(defaults.pinned)) if (added.has(id)) pinned[id] = pin;
  const density = DENSITIES.includes(saved.density as Density) ? (saved.density as Density) : defaults.density;
  return { order, hidden, pinned, density };
}

export function loadSettings(key: string, defaults: ColumnSettings): ColumnSettings {
  return mergeSettings(parse(localStorage.getItem(key)), defaults);
}

export function saveSettings(key: string, settings: ColumnSettings): void {
  try {
    localStorage.setItem(key, JSON.stringify(settings));
  } catch {
    // A full or disabled storage costs only the memory of the settings, never the list.
  }
}

export function clearSettings(key: string): void {
  localStorage.removeItem(key);
}
