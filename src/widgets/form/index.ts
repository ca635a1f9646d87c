/**
 * The console's form widgets by name (the registry's formWidgets, loaded with the form renderer);
 * the form renderer picks one per field type (src/engine/form/schema.ts WIDGET_BY_TYPE) and a
 * screen's uiSchema may name any of them, or a bespoke widget registered elsewhere. The rich text
 * editor loads only when a form has a rich text field.
 */
import { lazy } from 'react';
import type { FormWidget, WidgetMap } from '../interface/registry';
import TextWidget from './text';
import TextareaWidget from './textarea';
import NumberWidget from './number';
import MoneyWidget from './money';
import DateWidget from './date';
import DateTimeWidget from './datetime';
import SwitchWidget from './switch';
import EnumWidget from './enum';
import DictWidget from './dict';
import LookupWidget from './lookup';
import TransitionChoiceWidget from './transition-choice';
import ImageWidget from './image';
import FileWidget from './file';

export const FORM_WIDGETS = {
  text: TextWidget,
  textarea: TextareaWidget,
  number: NumberWidget,
  money: MoneyWidget,
  date: DateWidget,
  datetime: DateTimeWidget,
  switch: SwitchWidget,
  enum: EnumWidget,
  dict: DictWidget,
  lookup: LookupWidget,
  transitionChoice: TransitionChoiceWidget,
  image: ImageWidget,
  file: FileWidget,
  richtext: lazy(() => import('./RichTextEditor')),
} as const satisfies WidgetMap<FormWidget>;
