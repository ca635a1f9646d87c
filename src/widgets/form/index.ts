/**
 * The console's form widgets, registered by name in the formWidgets registry; the form renderer
 * picks one per field type (src/engine/form/schema.ts WIDGET_BY_TYPE) and a screen's uiSchema may
 * name any of them, or a bespoke widget registered elsewhere. The rich text editor loads only when
 * a form has a rich text field.
 */
import { lazy } from 'react';
import { formWidgets } from '../registries';
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
import ImageWidget from './image';
import FileWidget from './file';

formWidgets.register('text', TextWidget);
formWidgets.register('textarea', TextareaWidget);
formWidgets.register('number', NumberWidget);
formWidgets.register('money', MoneyWidget);
formWidgets.register('date', DateWidget);
formWidgets.register('datetime', DateTimeWidget);
formWidgets.register('switch', SwitchWidget);
formWidgets.register('enum', EnumWidget);
formWidgets.register('dict', DictWidget);
formWidgets.register('lookup', LookupWidget);
formWidgets.register('image', ImageWidget);
formWidgets.register('file', FileWidget);
formWidgets.register('richtext', lazy(() => import('./RichTextEditor')));
