/**
 * The form renderer (renderers.form): creates or edits one record of a resource with @rjsf/core,
 * antd widgets and the console's own fast field templates. The Form keeps its data itself
 * (uncontrolled), so a keystroke redraws only the field typed in; this component redraws only when
 * a rule's outcome, the dirty state or a server answer changes.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, App, Button } from 'antd';
import Form, { type IChangeEvent } from '@rjsf/core';
import { deepEquals, type ErrorSchema, type Experimental_DefaultFormStateBehavior, type RJSFValidationError } from '@rjsf/utils';
import type { ResourceRecord } from '../../contract/resource';
import type { FieldRule } from '../../contract/screen';
import type { patterns } from '../../contract/validators';
import { WILDCARD } from '../../contract/permissions';
import { useEngineHost, type HostError } from '../host';
import type { FormRendererProps } from '../renderers';
import { useRevalidateResource } from '../data';
import { createFormValuesStore, FormValuesContext } from '../../widgets/interface/form-values';
import type { EngineFormMessageKey } from './messages';
import { formModel, type FormModel } from './schema';
import { applyRules, evaluateRules, isEmptyValue, ruleDefaults, ruleKey, type RuleContext, type RuleState } from './rules';
import { errorSchemaOf, serverFieldError, submittedValues } from './values';
import { validatorFor } from './validator';
import { TEMPLATES, type FormContext } from './templates';
import { useFormWidgets, widgetsFor } from './widgets';
import { useEngineRegistry } from '../registry';
import { useBeforeUnload, useConfirmLeave } from './leave-guard';
import { useThemeVars } from './theme-vars';
import './form.css';

type Values = Record<string, unknown>;

const PATTERN_MESSAGES: Record<keyof typeof patterns, EngineFormMessageKey> = {
  mobile: 'formPatternMobile',
  smsCode: 'formPatternSmsCode',
  link: 'formPatternLink',
  signedDecimal: 'formPatternSignedDecimal',
  httpUrl: 'formPatternHttpUrl',
  idCard: 'formPatternIdCard',
  email: 'formPatternEmail',
  chinese: 'formPatternChinese',
  letters: 'formPatternLetters',
};

const NO_RULES: readonly FieldRule[] = [];

/**
 * An optional enum is a oneOf of consts: rjsf would otherwise pick the first option's const as the
 * default and a new record would start with a choice the user never made.
 */
const DEFAULT_STATE: Experimental_DefaultFormStateBehavior = { constAsDefaults: 'never' };

/** The record's values for the form's fields; null becomes absent, which every widget draws empty. */
function recordValues(model: FormModel, source: Values | undefined): Values {
  const values: Values = {};
  if (!source) return values;
  for (const name of Object.keys(model.schema.properties ?? {})) {
    if (source[name] !== null && source[name] !== undefined) values[name] = source[name];
  }
  return values;
}

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

function FormBody({ definition, spec, record, initial, mode, onSaved, onCancel, onDirtyChange, onReload }: FormRendererProps & { onReload(): Promise<void> }) {
  const host = useEngineHost();
  const { t, lang, access, user } = host;
  const registry = useEngineRegistry();
  const formWidgets = useFormWidgets(registry);
  const { message } = App.useApp();
  const revalidate = useRevalidateResource();
  const confirmLeave = useConfirmLeave();
  const themeVars = useThemeVars();
  const model = formModel(definition, spec, lang, access);
  const rules = spec.rules ?? NO_RULES;
  const formRef = useRef<Form>(null);

  const ruleContext = useCallback(
    (form: Values): RuleContext => ({
      form,
      record,
      user: { ...user, roles: access.role, permissions: access.permission },
      held: new Set(access.admin ? [WILDCARD] : [...access.role, ...access.permission]),
    }),
    [record, user, access],
  );

  // Defaulted fields follow their expression until the user types in them; on edit only the empty ones do.
  const [start] = useState(() => {
    const values = recordValues(model, record ?? initial);
    const follows = new Set(rules.filter((r) => r.default !== undefined && (!record || isEmptyValue(values[r.field]))).map((r) => r.field));
    const defaults = ruleDefaults(rules, ruleContext(values), (field) => follows.has(field));
    return { data: { ...values, ...defaults } as Values, follows, defaults };
  });
  const initialData = start.data;
  const following = useRef(start.follows);
  const applied = useRef<Values>(start.defaults);
  const [store] = useState(() => createFormValuesStore(initialData));

  const [ruleState, setRuleState] = useState<RuleState>(() => evaluateRules(rules, ruleContext(initialData)));
  const uiSchema = useMemo(() => applyRules(model.uiSchema, ruleState), [model, ruleState]);
  // Read by rjsf from its props when it validates and submits, so the latest rules' state applies.
  const hidden = useMemo(() => new Set(ruleState.hidden), [ruleState]);

  const [dirty, setDirty] = useState(false);
  const baseline = useRef<Values>(initialData);
  const mounted = useRef(false);
  const [saving, setSaving] = useState(false);
  const [live, setLive] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<{ errors: ErrorSchema; field: string; value: unknown } | null>(null);

  useEffect(() => {
    mounted.current = true;
    // rjsf fills schema defaults in when it starts: that state, not ours, is what "unchanged" means.
    baseline.current = (formRef.current?.state.formData as Values | undefined) ?? initialData;
    store.set(baseline.current);
    return () => {
      mounted.current = false;
    };
  }, [initialData, store]);

  // A block body: whatever the callback returns must not become this effect's cleanup (a Set did, and
  // React called it on the next keystroke: "is not a function").
  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);
  useBeforeUnload(dirty);

  const handleChange = useCallback(
    (event: IChangeEvent) => {
      // rjsf reports its defaults while it is constructed, inside our render: nothing to do then.
      if (!mounted.current) return;
      const data = (event.formData ?? {}) as Values;
      store.set(data);
      if (rules.length) {
        const context = ruleContext(data);
        const next = evaluateRules(rules, context);
        setRuleState((previous) => (ruleKey(previous) === ruleKey(next) ? previous : next));
        for (const field of following.current) if (!deepEquals(data[field], applied.current[field])) following.current.delete(field);
        const defaults = ruleDefaults(rules, context, (field) => following.current.has(field));
        for (const [field, value] of Object.entries(defaults)) {
          applied.current[field] = value;
          if (!deepEquals(data[field], value)) formRef.current?.setFieldValue(field, value as never);
        }
      }
      setDirty(!deepEquals(data, baseline.current));
      setServerErrors((previous) => (previous && !deepEquals(data[previous.field], previous.value) ? null : previous));
    },
    [rules, ruleContext, store],
  );

  const transformErrors = useCallback(
    (errors: RJSFValidationError[]) =>
      errors
        .filter((error) => !hidden.has(topField(error)))
        .map((error) => {
          const field = model.byName.get(topField(error));
          if (!field) return error;
          const title = fieldTitle(error, field, lang);
          if (error.name === 'required') return { ...error, message: t('formRequired', { field: title }) };
          const format = columnOf(error, field)?.format;
          if (error.name === 'pattern' && format) return { ...error, message: t(PATTERN_MESSAGES[format as keyof typeof patterns]) };
          return error;
        }),
    [model, lang, t, hidden],
  );

  const handleSubmit = useCallback(
    async (event: IChangeEvent) => {
      const data = (event.formData ?? {}) as Values;
      const values = submittedValues(data, model, hidden);
      setSaving(true);
      setFormError(null);
      try {
        const saved = record
          ? await host.data.update({ resource: definition.name, id: record.id, version: record.version, values, meta: { silent: true } })
          : await host.data.create({ resource: definition.name, values, meta: { silent: true } });
        baseline.current = data;
        setDirty(false);
        revalidate(definition.name);
        void message.success(t('formSaved'));
        onSaved(saved);
      } catch (caught) {
        const error = caught as HostError;
        if (Number(error.code) === 409) {
          setConflict(error.message);
          return;
        }
        const fieldError = serverFieldError(error.message ?? '', model, lang);
        if (fieldError) {
          setServerErrors({ errors: errorSchemaOf(fieldError), field: fieldError.path[0], value: data[fieldError.path[0]] });
          document.getElementById(`root_${fieldError.path.join('_')}`)?.focus();
        } else {
          setFormError(error.message || t('formSaveFailed'));
        }
      } finally {
        setSaving(false);
      }
    },
    [model, record, host, definition.name, revalidate, message, t, onSaved, lang, hidden],
  );

  // After a refused submit, errors clear as the user fixes them.
  const handleError = useCallback(() => setLive(true), []);

  // The footer is the Form's child, and rjsf skips redrawing for props that differ only in functions:
  // the handler reads the dirty state when clicked, not when drawn.
  const dirtyRef = useRef(dirty);
  useEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);
  const cancel = () => (dirtyRef.current ? confirmLeave(onCancel) : onCancel());
  const formContext = useMemo<FormContext>(() => ({ columns: model.columns, readonlyAsDisabled: true }), [model.columns]);

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
      {formError && <Alert className="ef-alert" type="error" showIcon title={t('formSaveFailed')} description={formError} closable={{ onClose: () => setFormError(null) }} />}
      <FormValuesContext.Provider value={store}>
        <Form
          ref={formRef}
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
              {t('formSave')}
            </Button>
          </div>
        </Form>
      </FormValuesContext.Provider>
    </div>
  );
}

/** ".name" or ".items.0.price" (rjsf's property path of an error): the form's field it is in. */
const pathOf = (error: RJSFValidationError) => (error.property ?? '').split('.').filter(Boolean);
const topField = (error: RJSFValidationError) => pathOf(error)[0] ?? '';

/** The sub-table column an error is in, else the field itself. */
function columnOf(error: RJSFValidationError, field: FormModel['fields'][number]) {
  const [, , column] = pathOf(error);
  return column ? field.columns?.find((c) => c.name === column) : field;
}

function fieldTitle(error: RJSFValidationError, field: FormModel['fields'][number], lang: 'zh' | 'en'): string {
  return (columnOf(error, field) ?? field).title[lang];
}
