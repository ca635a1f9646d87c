/**
 * A record's workflow transitions as buttons (useTransitions draws nothing): each one the reader may
 * take now; one with a `confirm` asks first; one with params opens a small form (the form renderer
 * over the params, as a dialog that fills a phone's width) and sends them; a 409 says the record
 * changed and shows it afresh; any other refusal shows the server's words.
 */
import { useMemo, useState } from 'react';
import { Alert, App, Button, Space } from 'antd';
import type { ResourceDefinition, ResourceField, ResourceRecord, TransitionParam } from '../../contract/resource';
import type { FormSpec, Screen } from '../../contract/screen';
import type { OfferedTransition } from '../../widgets/interface/controllers';
import { useEngineHost, type HostError } from '../host';
import { RendererSlot } from '../parts/RendererSlot';
import type { FormSend } from '../renderers';
import { MoreMenu, type MoreEntries } from './ActionButton';
import { PlainDialog } from './ActionScope';
import { inlineCount } from './row-slots';
import { useTransitions } from './use-transitions';

/** The params of a transition as the form renderer takes a resource: made once per params list. */
interface ParamsForm {
  definition: ResourceDefinition;
  spec: FormSpec;
  screen: Screen;
}
const paramsForms = new WeakMap<TransitionParam[], ParamsForm>();

function paramsFormOf(resource: ResourceDefinition, transition: OfferedTransition): ParamsForm {
  let form = paramsForms.get(transition.params);
  if (!form) {
    const fields = transition.params as ResourceField[];
    const title = { zh: transition.label, en: transition.label };
    form = {
      // The resource's name: lookups and the reload after sending concern it.
      definition: { name: resource.name, title, kind: resource.kind, fields, labelField: fields[0]!.name, teamScoped: false, version: resource.version },
      spec: { fields: fields.map((f) => f.name), columns: 1 },
      screen: { id: `${resource.name}-${transition.name}`, version: 1, title, kind: 'form', resource: resource.name },
    };
    paramsForms.set(transition.params, form);
  }
  return form;
}

/**
 * The params whose choices the server scopes to the record (`choices`) are drawn by the
 * transitionChoice widget, which asks for them for this record and step.
 */
function withRecordChoices(spec: FormSpec, resource: ResourceDefinition, transition: OfferedTransition, recordId: number): FormSpec {
  const scoped = transition.params.filter((p) => p.choices);
  if (scoped.length === 0) return spec;
  const options = (param: string) => ({ resource: resource.name, id: recordId, action: transition.name, param });
  return { ...spec, uiSchema: Object.fromEntries(scoped.map((p) => [p.name, { 'ui:widget': 'transitionChoice', 'ui:options': options(p.name) }])) };
}

const DIALOG_WIDTH = 520;

export interface TransitionButtonsProps {
  definition: ResourceDefinition;
  record: ResourceRecord;
  /** `link`: plain link buttons, as a list row's operations are drawn; `button`: antd buttons. */
  variant?: 'link' | 'button';
  /** Transitions the screen already offers as actions of its own (an action keyed by the transition's name). */
  skip?: readonly string[];
  /** Links the transitions may take (a list row's, row-slots.ts); the rest go under a "more" menu. */
  slots?: number;
  /** A list row's own actions that did not fit its links: first in this bar's "more" menu, so the row has one. */
  lead?: MoreEntries;
}

export function TransitionButtons({ definition, record, variant = 'button', skip, slots = Infinity, lead }: TransitionButtonsProps) {
  const host = useEngineHost();
  const { t } = host;
  const { modal, message } = App.useApp();
  const transitions = useTransitions(definition, record);
  const { pending, take } = transitions;
  const offered = skip?.length ? transitions.offered.filter((o) => !skip.includes(o.name)) : transitions.offered;
  const [asking, setAsking] = useState<OfferedTransition | null>(null);
  const [open, setOpen] = useState(false);

  const refused = (transition: OfferedTransition, caught: unknown) => {
    const error = caught as HostError;
    if (Number(error.code) === 409) void message.warning(t('transitionStale', { msg: error.message }));
    else void message.error(error.message || t('transitionFailed', { action: transition.label }));
  };
  const done = (transition: OfferedTransition) => void message.success(t('transitionDone', { action: transition.label }));

  const send = useMemo<FormSend | undefined>(
    () =>
      asking
        ? {
            submitLabel: asking.label,
            run: (values) => take(asking.name, values),
            onConflict: (msg) => {
              setOpen(false);
              void message.warning(t('transitionStale', { msg }));
            },
          }
        : undefined,
    [asking, take, message, t, setOpen],
  );

  // Made once per dialog opened: a new spec would make the form anew and drop what was typed.
  const spec = useMemo(() => (asking ? withRecordChoices(paramsFormOf(definition, asking).spec, definition, asking, record.id) : null), [asking, definition, record.id]);

  if (offered.length === 0 && !lead) return null;

  const press = (transition: OfferedTransition) => {
    if (transition.params.length > 0) {
      setAsking(transition);
      setOpen(true);
      return;
    }
    const run = () =>
      take(transition.name).then(
        () => done(transition),
        (caught: unknown) => refused(transition, caught),
      );
    if (!transition.confirm) return void run();
    modal.confirm({ title: t('confirmTitle'), content: transition.confirm, okText: t('ok'), cancelText: t('cancel'), onOk: run });
  };

  const shown = offered.slice(0, inlineCount(offered.length, slots));
  const rest = offered.slice(shown.length);
  const buttons = shown.map((transition) =>
    variant === 'link' ? (
      <button key={transition.name} type="button" className="engine-link-action" disabled={pending !== null} onClick={() => press(transition)}>
        {transition.label}
      </button>
    ) : (
      <Button key={transition.name} disabled={pending !== null && pending !== transition.name} loading={pending === transition.name} onClick={() => press(transition)}>
        {transition.label}
      </Button>
    ),
  );
  const entries = [...(lead?.items ?? []), ...rest.map((transition) => ({ key: transition.name, label: transition.label, disabled: pending !== null }))];
  const more = entries.length > 0 && (
    <MoreMenu
      link={variant === 'link'}
      items={entries}
      onPick={(key) => {
        // A screen action keyed by a transition's name is skipped above, so the keys never clash.
        const transition = rest.find((tr) => tr.name === key);
        if (transition) press(transition);
        else lead?.onPick(key);
      }}
    />
  );

  const Dialog = host.Dialog ?? PlainDialog;
  const form = asking ? paramsFormOf(definition, asking) : null;
  return (
    <>
      {variant === 'link' ? (
        <>
          {buttons}
          {more}
        </>
      ) : (
        <Space size={8} wrap>
          {buttons}
          {more}
        </Space>
      )}
      {asking && form && spec && send && (
        <Dialog open={open} title={asking.label} width={`min(${DIALOG_WIDTH}px, calc(100vw - 16px))`} footer={null} destroyOnHidden onCancel={() => setOpen(false)} afterClose={() => setAsking(null)}>
          {asking.confirm && <Alert className="engine-transition-confirm" type="warning" showIcon title={asking.confirm} />}
          <RendererSlot
            kind="form"
            props={{
              screen: form.screen,
              definition: form.definition,
              spec,
              mode: 'dialog',
              send,
              onSaved: () => {
                setOpen(false);
                done(asking);
              },
              onCancel: () => setOpen(false),
            }}
          />
        </Dialog>
      )}
    </>
  );
}
