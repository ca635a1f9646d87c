/**
 * The form's headless controller: the form model and its rules, the values store dependent widgets
 * read, the dirty state for the leave guard, validation messages, and saving with the version read
 * (a 409 is kept as the conflict to show, a refused field as that field's error). No antd: the form
 * renderer draws it with rjsf and antd.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type Form from '@rjsf/core';
import type { IChangeEvent } from '@rjsf/core';
import { deepEquals, type ErrorSchema, type RJSFValidationError } from '@rjsf/utils';
import type { ResourceDefinition, ResourceRecord } from '../../contract/resource';
import type { FieldRule, FormSpec } from '../../contract/screen';
import type { patterns } from '../../contract/validators';
import { WILDCARD } from '../../contract/permissions';
import { createFormValuesStore } from '../../widgets/interface/form-values';
import { useRevalidateResource } from '../data';
import { useEngineHost, type HostError } from '../host';
import type { EngineFormMessageKey } from './messages';
import { formModel, type FormModel } from './schema';
import { applyRules, evaluateRules, isEmptyValue, ruleDefaults, ruleKey, type RuleContext, type RuleState } from './rules';
import { errorSchemaOf, serverFieldError, submittedValues } from './values';
import { useBeforeUnload } from './before-unload';
import type { FormSend } from '../renderers';
import { useFormName } from '../../widgets/interface/form-name';

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
  releaseVersion: 'formPatternReleaseVersion',
};

const NO_RULES: readonly FieldRule[] = [];

/** The record's values for the form's fields; null becomes absent, which every widget draws empty. */
function recordValues(model: FormModel, source: Values | undefined): Values {
  const values: Values = {};
  if (!source) return values;
  for (const name of Object.keys(model.schema.properties ?? {})) {
    if (source[name] !== null && source[name] !== undefined) values[name] = source[name];
  }
  return values;
}

export interface FormControllerProps {
  definition: ResourceDefinition;
  spec: FormSpec;
  /** The record being edited; absent to create one. */
  record?: ResourceRecord;
  /** Values to start a new record with. */
  initial?: Record<string, unknown>;
  /** After a save, with the record as the server stored it. */
  onSaved(record: ResourceRecord): void;
  onDirtyChange?(dirty: boolean): void;
  /** Sends the values elsewhere than create/update (a transition's params). */
  send?: FormSend;
}

export function useFormController({ definition, spec, record, initial, onSaved, onDirtyChange, send }: FormControllerProps) {
  const host = useEngineHost();
  const { t, lang, access, user } = host;
  const revalidate = useRevalidateResource();
  const model = formModel(definition, spec, lang, access);
  const rules = spec.rules ?? NO_RULES;
  const formRef = useRef<Form>(null);
  const idPrefix = useFormName('root');

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
        const saved = send
          ? await send.run(values)
          : record
          ? await host.data.update({ resource: definition.name, id: record.id, version: record.version, values, meta: { silent: true } })
          : await host.data.create({ resource: definition.name, values, meta: { silent: true } });
        baseline.current = data;
        setDirty(false);
        revalidate(definition.name);
        onSaved(saved);
      } catch (caught) {
        const error = caught as HostError;
        if (Number(error.code) === 409) {
          if (send) send.onConflict(error.message);
          else setConflict(error.message);
          return;
        }
        const fieldError = serverFieldError(error.message ?? '', model, lang);
        if (fieldError) {
          setServerErrors({ errors: errorSchemaOf(fieldError), field: fieldError.path[0], value: data[fieldError.path[0]] });
          document.getElementById(`${idPrefix}_${fieldError.path.join('_')}`)?.focus();
        } else {
          setFormError(error.message || t('formSaveFailed'));
        }
      } finally {
        setSaving(false);
      }
    },
    [model, record, host, definition.name, revalidate, onSaved, lang, t, hidden, send, idPrefix],
  );

  // After a refused submit, errors clear as the user fixes them.
  const handleError = useCallback(() => setLive(true), []);

  const clearFormError = useCallback(() => setFormError(null), []);

  return { model, uiSchema, store, formRef, idPrefix, initialData, dirty, saving, live, conflict, formError, clearFormError, serverErrors, handleChange, handleSubmit, handleError, transformErrors };
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
