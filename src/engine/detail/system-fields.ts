import type { SystemField } from '../../contract/resource';
import type { EngineHost } from '../host';
import type { EngineFormMessageKey } from '../form/messages';

const LABELS: Record<SystemField, EngineFormMessageKey> = {
  id: 'detailFieldId',
  version: 'detailFieldVersion',
  team_id: 'detailFieldTeam',
  created_by: 'detailFieldCreatedBy',
  created_at: 'detailFieldCreatedAt',
  updated_at: 'detailFieldUpdatedAt',
};

export const isSystemField = (name: string): name is SystemField => Object.hasOwn(LABELS, name);

/** The label of a column every record has (id, times…); any other unknown name as it is. */
export function systemFieldLabel(name: string, t: EngineHost['t']): string {
  return isSystemField(name) ? t(LABELS[name]) : name;
}
