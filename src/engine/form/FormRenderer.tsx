/**
 * The form renderer (renderers.form) draws the form controller (use-form-controller.ts): creates or
 * edits one record of a resource with @rjsf/core, antd widgets and the console's own fast field
 * templates. The Form keeps its data itself
 * (uncontrolled), so a keystroke redraws only the field typed in; this component redraws only when
 * a rule's outcome, the dirty state or a server answer changes.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, App, Button } from 'antd';
import Form from '@rjsf/core';
import type { Experimental_DefaultFormStateBehavior } from '@rjsf/utils';
import type { ResourceRecord } from '../../contract/resource';
import { useEngineHost } from '../host';
import type { FormRendererProps } from '../renderers';
import { useRevalidateResource } from '../data';
import { FormValuesContext } from '../../widgets/interface/form-values';
import { validatorFor } from './validator';
import { TEMPLATES, type FormContext } from './templates';
import { useFormWidgets, widgetsFor } from './widgets';
import { useEngineRegistry } from '../registry';
import { useConfirmLeave } from './leave-guard';
import { useThemeVars } from './theme-vars';
import { useFormController } from './use-form-controller';
import { usePhone } from '../../widgets/interface/phone';
import './form.css';

/**
 * An optional enum is a oneOf of consts: rjsf would otherwise pick the first option's const as the
 * default and a new record would start with a choice the user never made.
 */
const DEFAULT_STATE: Experimental_DefaultFormStateBehavior = { constAsDefaults: 'never' };

export default function FormRenderer(props: FormRendererProps) {
  const { definition, record } = props;
  const { data } = useEngineHost();
  const revalidate = useRevalidateResource();
  // A reload after a conflict starts the form again on the latest version of the record.
  const [latest, setLatest] = useState<{ record: ResourceRecord; generation: number } | null>(null);
  const reload = useCallback(async () => {
    if (!record) return;
    const fresh = await data.getOne({ resource: definition.name, id: record.id });
    revalidate(definition.name);
    setLatest((previous) => ({ record: fresh, generation: (previous?.generation ?? 0) + 1 }));
  }, [definition.name, record, data, revalidate]);
  // Another record, or the latest version of this one, starts the form afresh.
  return <FormBody key={`${record?.id ?? 'new'}.${latest?.generation ?? 0}`} {...props} record={latest?.record ?? record} onReload={reload} />;
}

function FormBody({ definition, spec, record, initial, mode, onSaved, onCancel, onDirtyChange, onReload, send }: FormRendererProps & { onReload(): Promise<void> }) {
  const { t, lang } = useEngineHost();
  const registry = useEngineRegistry();
  const formWidgets = useFormWidgets(registry);
  const { message } = App.useApp();
  const confirmLeave = useConfirmLeave();
  const themeVars = useThemeVars();
  const saved = useCallback(
    (stored: ResourceRecord) => {
      // A form that sends elsewhere leaves the word to its owner.
      if (!send) void message.success(t('formSaved'));
      onSaved(stored);
    },
    [message, t, onSaved, send],
  );
  const form = useFormController({ definition, spec, record, initial, onSaved: saved, onDirtyChange, send });
  const { model, uiSchema, store, formRef, idPrefix, initialData, dirty, saving, live, conflict, formError, clearFormError, serverErrors, handleChange, handleSubmit, handleError, transformErrors } = form;

  // The footer is the Form's child, and rjsf skips redrawing for props that differ only in functions:
  // the handler reads the dirty state when clicked, not when drawn.
  const dirtyRef = useRef(dirty);
  useEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);
  const cancel = () => (dirtyRef.current ? confirmLeave(onCancel) : onCancel());
  // One column on a phone, whatever the screen asks for a desk.
  const phone = usePhone();
  const columns = phone ? 1 : model.columns;
  const formContext = useMemo<FormContext>(() => ({ columns, readonlyAsDisabled: true }), [columns]);

  return (
    <div className={`ef-form ef-mode-${mode}`} style={themeVars}>
      {conflict && (
        <Alert
          className="ef-alert"
          type="warning"
          showIcon
          title={t('formConflictTitle')}
          description={
            <>
              <div>{conflict}</div>
              <div>{t('formConflictHint')}</div>
            </>
          }
          action={
            <Button size="small" onClick={() => void onReload()}>
              {t('formConflictReload')}
            </Button>
          }
        />
      )}
      {formError && <Alert className="ef-alert" type="error" showIcon title={t('formSaveFailed')} description={formError} closable={{ onClose: clearFormError }} />}
      <FormValuesContext.Provider value={store}>
        <Form
          ref={formRef}
          idPrefix={idPrefix}
          schema={model.schema}
          uiSchema={uiSchema}
          validator={validatorFor(lang)}
          widgets={widgetsFor(model, formWidgets, registry)}
          templates={TEMPLATES}
          formContext={formContext}
          initialFormData={initialData}
          onChange={handleChange}
          onSubmit={handleSubmit}
          onError={handleError}
          transformErrors={transformErrors}
          extraErrors={serverErrors?.errors}
          liveValidate={live ? 'onChange' : undefined}
          showErrorList={false}
          experimental_defaultFormStateBehavior={DEFAULT_STATE}
          noHtml5Validate
          focusOnFirstError
        >
          <div className="ef-footer">
            <Button onClick={cancel}>{t('formCancel')}</Button>
            <Button type="primary" htmlType="submit" loading={saving}>
              {send?.submitLabel ?? t('formSave')}
            </Button>
          </div>
        </Form>
      </FormValuesContext.Provider>
    </div>
  );
}
