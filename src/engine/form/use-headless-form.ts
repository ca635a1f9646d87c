/**
 * The form controller widgets get (useWidgetHost().useFormController): one record's values, their
 * validation by the definition's JSON Schema, the dirty state, and saving at the version read, with
 * no rjsf and nothing drawn. The form renderer's own controller (use-form-controller.ts) is tied to
 * rjsf's Form; this one serves a widget that draws its own inputs. The validator loads on the first
 * validation, so a widget that only reads costs nothing of it.
 */
import { useCallback, useMemo, useState } from 'react';
import type { ResourceRecord } from '../../contract/resource';
import type { FormSpec } from '../../contract/screen';
import type { FormController, FormControllerProps } from '../../widgets/interface/controllers';
import { useRevalidateResource } from '../data';
import { useEngineHost, type HostError } from '../host';
import { useBeforeUnload } from './before-unload';
import { formModel, type FormModel } from './schema';
import { serverFieldError, submittedValues } from './values';

type Values = Record<string, unknown>;

const NOTHING_HIDDEN: ReadonlySet<string> = new Set();

/** The starting values of the form's fields: the record's, else the initial ones; null is absent. */
function startValues(model: FormModel, source: Values | undefined): Values {
  const values: Values = {};
  for (const field of model.fields) {
    const value = source?.[field.name];
    if (value !== null && value !== undefined) values[field.name] = value;
  }
  return values;
}

const sameValues = (a: Values, b: Values) => JSON.stringify(a, Object.keys(a).sort()) === JSON.stringify(b, Object.keys(b).sort());

export function useHeadlessForm({ definition, fields, record, initial, onSaved }: FormControllerProps): FormController {
  const host = useEngineHost();
  const { t, lang, access } = host;
  const revalidate = useRevalidateResource();
  const fieldsKey = fields?.join(',');
  // formModel keeps one model per spec object: the same fields give the same spec.
  const spec = useMemo<FormSpec>(() => (fieldsKey ? { fields: fieldsKey.split(',') } : {}), [fieldsKey]);
  const model = formModel(definition, spec, lang, access);
  const [start] = useState(() => startValues(model, record ?? initial));
  const [baseline, setBaseline] = useState(start);
  const [values, setValues] = useState<Values>(start);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const dirty = !sameValues(values, baseline);
  useBeforeUnload(dirty);

  const setValue = useCallback((field: string, value: unknown) => {
    setValues((previous) => {
      const next = { ...previous };
      if (value === undefined || value === null || value === '') delete next[field];
      else next[field] = value;
      return next;
    });
    // A field the user changes loses its old complaint; the next validation judges it again.
    setErrors((previous) => {
      if (!(field in previous)) return previous;
      const next = { ...previous };
      delete next[field];
      return next;
    });
  }, []);

  const check = useCallback(
    async (data: Values): Promise<Record<string, string>> => {
      const { validatorFor } = await import('./validator');
      const found: Record<string, string> = {};
      for (const error of validatorFor(lang).rawValidation(model.schema, data).errors ?? []) {
        const missing = error.keyword === 'required' ? (error.params as { missingProperty?: string }).missingProperty : undefined;
        const name = missing ?? error.instancePath.split('/').filter(Boolean)[0] ?? '';
        const field = model.byName.get(name);
        if (!field || name in found) continue;
        found[name] = missing ? t('formRequired', { field: field.title[lang] }) : (error.message ?? '');
      }
      return found;
    },
    [model, lang, t],
  );

  const validate = useCallback(async () => {
    const found = await check(values);
    setErrors(found);
    return Object.keys(found).length === 0;
  }, [check, values]);

  const save = useCallback(async (): Promise<ResourceRecord | undefined> => {
    const found = await check(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return undefined;
    const sent = submittedValues(values, model, NOTHING_HIDDEN);
    setSaving(true);
    setFormError(null);
    try {
      const saved = record
        ? await host.data.update({ resource: definition.name, id: record.id, version: record.version, values: sent, meta: { silent: true } })
        : await host.data.create({ resource: definition.name, values: sent, meta: { silent: true } });
      setBaseline(values);
      setConflict(null);
      revalidate(definition.name);
      onSaved?.(saved);
      return saved;
    } catch (caught) {
      const error = caught as HostError;
      if (Number(error.code) === 409) setConflict(error.message);
      else {
        const named = serverFieldError(error.message ?? '', model, lang);
        if (named) setErrors({ [named.path[0]]: named.message });
        else setFormError(error.message || t('formSaveFailed'));
      }
      return undefined;
    } finally {
      setSaving(false);
    }
  }, [check, values, model, record, host, definition.name, revalidate, onSaved, lang, t]);

  const reset = useCallback(() => {
    setValues(baseline);
    setErrors({});
    setFormError(null);
  }, [baseline]);

  return { values, setValue, errors, validate, dirty, saving, conflict, formError, save, reset };
}
