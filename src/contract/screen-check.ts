/**
 * Checks a screen before it is stored or drawn: first against the meta-schema, then against the
 * resource it works on (columns, search fields and form fields must exist). Every problem names
 * its JSON path, so an admin can find it in the editor.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import localizeZh from 'ajv-i18n/localize/zh';
import localizeEn from 'ajv-i18n/localize/en';
import { ScreenSchema, type Part, type Screen, type ScreenProblem } from './screen';
import { SYSTEM_FIELDS, type Lang, type ResourceDefinition } from './resource';

let compiled: ValidateFunction | undefined;

/** Compiled once per process: the meta-schema is a constant, so ajv's work is paid a single time. */
function metaValidator(): ValidateFunction {
  compiled ??= new Ajv({ allErrors: true, strictTuples: false, allowUnionTypes: true }).compile(ScreenSchema);
  return compiled;
}

/**
 * ajv reports every branch of a failed `anyOf` (a filter, an expression). The branch an admin meant is
 * the one that got furthest: not refused by type or by its discriminating constant at the value
 * itself, and with the fewest complaints. Only that branch's errors are kept.
 */
function keepIntendedBranches(errors: ErrorObject[]): ErrorObject[] {
  const dropped = new Set<ErrorObject>();
  const settled = new Set<ErrorObject>();
  const depth = (e: ErrorObject) => e.instancePath.split('/').length;
  // Innermost first. Expressions nest through one recursive definition whose schema paths repeat at
  // every level, so an inner anyOf is settled before the outer one looks at what is left.
  const anyOfs = errors.filter((e) => e.keyword === 'anyOf').sort((a, b) => depth(b) - depth(a));
  for (const anyOf of anyOfs) {
    const prefix = `${anyOf.schemaPath}/`;
    const beneath = (e: ErrorObject) => e.instancePath.startsWith(anyOf.instancePath);
    const branches = new Map<string, ErrorObject[]>();
    for (const error of errors) {
      if (dropped.has(error) || settled.has(error) || !error.schemaPath.startsWith(prefix) || !beneath(error)) continue;
      const branch = error.schemaPath.slice(prefix.length).split('/')[0]!;
      branches.set(branch, [...(branches.get(branch) ?? []), error]);
    }
    const refused = (group: ErrorObject[]) =>
      group.some((e) => (e.keyword === 'type' && e.instancePath === anyOf.instancePath) || e.keyword === 'const');
    // A problem already settled deeper inside is the most precise account of this value.
    const deeper = [...settled].filter(beneath);
    const kept = deeper.length ? deeper : [...branches.values()].filter((group) => !refused(group)).sort((a, b) => a.length - b.length)[0];
    for (const group of branches.values()) if (group !== kept) group.forEach((e) => dropped.add(e));
    if (kept) {
      kept.forEach((e) => settled.add(e));
      dropped.add(anyOf);
    }
  }
  return errors.filter((e) => !dropped.has(e));
}

const UNKNOWN_NAME = { zh: (name: string) => `未知的运算符或属性名 ${name}`, en: (name: string) => `unknown operator or property ${name}` };

function problemsOf(all: ErrorObject[], lang: Lang): ScreenProblem[] {
  // A refused property name is reported by `propertyNames`, which names it; its inner `enum` says less.
  const errors = keepIntendedBranches(all.filter((e) => e.keyword !== 'if' && !e.schemaPath.endsWith('/propertyNames/enum')));
  (lang === 'zh' ? localizeZh : localizeEn)(errors);
  const seen = new Set<string>();
  const problems: ScreenProblem[] = [];
  for (const error of errors) {
    const params = error.params as { additionalProperty?: string; missingProperty?: string };
    const propertyName = error.keyword === 'propertyNames' ? (error.params as { propertyName: string }).propertyName : undefined;
    const child = params.additionalProperty ?? params.missingProperty ?? propertyName;
    const path = child === undefined ? error.instancePath : `${error.instancePath}/${child}`;
    const message = propertyName !== undefined ? UNKNOWN_NAME[lang](propertyName) : (error.message ?? error.keyword);
    const key = `${path} ${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push({ path: path || '/', message });
  }
  return problems;
}

export type ScreenCheck = { ok: true; screen: Screen } | { ok: false; problems: ScreenProblem[] };

/** Meta-schema problems of any JSON value. */
export function checkScreen(value: unknown, lang: Lang = 'zh'): ScreenCheck {
  const validate = metaValidator();
  if (validate(value)) return { ok: true, screen: value as Screen };
  return { ok: false, problems: problemsOf(validate.errors ?? [], lang) };
}

const UNKNOWN_FIELD = { zh: (name: string, resource: string) => `资源 ${resource} 没有字段 ${name}`, en: (name: string, resource: string) => `resource ${resource} has no field ${name}` };

/**
 * Fields a screen names that its resources lack. `definitions` holds every resource the screen or
 * its parts work on; a resource it does not hold is reported at the `resource` path.
 */
export function checkScreenFields(screen: Screen, definitions: ReadonlyMap<string, ResourceDefinition>, lang: Lang = 'zh'): ScreenProblem[] {
  const problems: ScreenProblem[] = [];
  const leaf = (part: Screen | Part, base: string) => {
    if (!part.resource) return;
    const definition = definitions.get(part.resource);
    if (!definition) {
      problems.push({ path: `${base}/resource`, message: lang === 'zh' ? `没有资源 ${part.resource}` : `no resource ${part.resource}` });
      return;
    }
    const known = new Set<string>([...SYSTEM_FIELDS, ...definition.fields.map((f) => f.name)]);
    const need = (name: string, path: string, resource = definition) => {
      const names = resource === definition ? known : new Set<string>([...SYSTEM_FIELDS, ...resource.fields.map((f) => f.name)]);
      if (!names.has(name)) problems.push({ path, message: UNKNOWN_FIELD[lang](name, resource.name) });
    };
    part.list?.columns.forEach((c, i) => need(c.field, `${base}/list/columns/${i}/field`));
    part.list?.search?.fields?.forEach((f, i) => need(f.field, `${base}/list/search/fields/${i}/field`));
    part.list?.defaultSort?.forEach((s, i) => need(s.field, `${base}/list/defaultSort/${i}/field`));
    part.list?.filters?.forEach((f, i) => need(f.field, `${base}/list/filters/${i}/field`));
    part.form?.fields?.forEach((name, i) => need(name, `${base}/form/fields/${i}`));
    part.form?.rules?.forEach((r, i) => need(r.field, `${base}/form/rules/${i}/field`));
    part.detail?.groups.forEach((g, gi) => g.fields.forEach((name, i) => need(name, `${base}/detail/groups/${gi}/fields/${i}`)));
    part.detail?.related?.forEach((r, ri) => {
      const related = definitions.get(r.resource);
      if (!related) {
        problems.push({ path: `${base}/detail/related/${ri}/resource`, message: lang === 'zh' ? `没有资源 ${r.resource}` : `no resource ${r.resource}` });
        return;
      }
      need(r.field, `${base}/detail/related/${ri}/field`, related);
      r.columns.forEach((c, i) => need(c.field, `${base}/detail/related/${ri}/columns/${i}/field`, related));
    });
  };
  leaf(screen, '');
  screen.parts?.forEach((part, i) => leaf(part, `/parts/${i}`));
  return problems;
}

/** The resources a screen works on, so a caller can fetch their definitions before checking fields. */
export function resourcesOf(screen: Screen): string[] {
  const names = new Set<string>();
  const add = (part: Screen | Part) => {
    if (part.resource) names.add(part.resource);
    part.detail?.related?.forEach((r) => names.add(r.resource));
  };
  add(screen);
  screen.parts?.forEach(add);
  return [...names];
}
