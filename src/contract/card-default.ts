/**
 * The card a list row becomes on a phone: the screen's own `list.card`, or one that follows from
 * its columns when the screen says nothing. Pure, so the console draws it and a test pins it.
 */
import type { FieldType, ResourceDefinition, ResourceField } from './resource';
import type { CardSpec, Column } from './screen';

/** A card with every part decided: the fields it shows besides title, subtitle, status and image. */
export interface ResolvedCard {
  title: string;
  subtitle?: string;
  fields: string[];
  status?: string;
  image?: string;
}

/** Key fields a card shows under its title when the screen does not name them. */
export const CARD_FIELDS = 3;

/** Types that name a row: its number, its name. */
const TITLE_TYPES = new Set<FieldType>(['string']);
/** Types a tag draws well: a state, a yes/no. */
const STATUS_TYPES = new Set<FieldType>(['enum', 'dict', 'boolean']);
/** Types too long or too structured for a card's one line. */
const NOT_ON_A_CARD = new Set<FieldType>(['text', 'richtext', 'rows', 'file', 'image']);
/** System fields a card leaves out by default: the row's bookkeeping, not its business. */
const BOOKKEEPING = new Set(['version', 'team_id', 'created_by']);

/**
 * The card for a list: the screen's `card` when it has one (its fields, when omitted, filled as the
 * default would); otherwise the title is the resource's label field when listed, else the first
 * one-line text column, else the id; the status is the workflow's state field, else the first
 * enum, dictionary or yes/no column, either only when it is not the title; the image the first
 * image column; then up to three further columns in the screen's order.
 */
export function cardOf(card: CardSpec | undefined, columns: Column[], definition: ResourceDefinition): ResolvedCard {
  const fields = new Map<string, ResourceField>(definition.fields.map((f) => [f.name, f]));
  const listed = columns.filter((c) => !c.hidden).map((c) => c.field);
  const typeOf = (name: string) => fields.get(name)?.type;
  const firstOf = (types: Set<FieldType>, except?: string) => listed.find((name) => name !== except && types.has(typeOf(name) as FieldType));

  const stateField = definition.workflow?.stateField;
  const title = card?.title ?? (listed.includes(definition.labelField) ? definition.labelField : (firstOf(TITLE_TYPES) ?? 'id'));
  // Never the title again: a log line titled by its action (登录) shows its result (成功) as its tag.
  const status = card ? card.status : stateField && fields.has(stateField) && stateField !== title ? stateField : firstOf(STATUS_TYPES, title);
  const image = card ? card.image : firstOf(new Set<FieldType>(['image']));
  const subtitle = card?.subtitle;

  const taken = new Set([title, subtitle, status, image].filter((name): name is string => name !== undefined));
  const rest =
    card?.fields ??
    listed
      .filter((name) => !taken.has(name) && !BOOKKEEPING.has(name) && !NOT_ON_A_CARD.has(typeOf(name) as FieldType))
      .slice(0, CARD_FIELDS);
  return { title, ...(subtitle ? { subtitle } : {}), fields: rest, ...(status ? { status } : {}), ...(image ? { image } : {}) };
}
