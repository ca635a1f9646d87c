/**
 * The outcome and platform names and colours, read off the store orders' definition (the server's
 * one list of them, server/reconciliation/resources.ts), so no widget keeps a copy.
 */
import { useMemo } from 'react';
import { fixedChoices, type Choice } from '../interface/choices';
import { useWidgetHost } from '../interface/host';

export const ORDERS = 'store_orders';
export const SETTLEMENTS = 'recon_settlements';

export interface ReconChoices {
  outcomes: Choice[];
  platforms: Choice[];
  /** The label and colour of a value, or the bare value when the definition does not list it. */
  outcome(value: string): Choice;
  platform(value: string): Choice;
}

export function useReconChoices(): ReconChoices | undefined {
  const { t, lang, useDefinition } = useWidgetHost();
  const { data: definition } = useDefinition(ORDERS);
  return useMemo(() => {
    if (!definition) return undefined;
    const of = (name: string) => fixedChoices(definition.fields.find((field) => field.name === name), t, lang) ?? [];
    const outcomes = of('outcome');
    const platforms = of('platform');
    const find = (choices: Choice[], value: string): Choice => choices.find((choice) => choice.value === value) ?? { value, label: value };
    return { outcomes, platforms, outcome: (value) => find(outcomes, value), platform: (value) => find(platforms, value) };
  }, [definition, t, lang]);
}
