import { useId } from 'react';

/**
 * A form's name of its own, for the ids of its fields (antd's `name_field`, rjsf's `idPrefix`): pages
 * stay open in kept-alive tabs and dialogs, and two forms with a like-named field would otherwise give
 * it one id, so a label would point at the other form's input.
 */
export function useFormName(base: string): string {
  return `${base}-${useId().replace(/[^A-Za-z0-9]/g, '')}`;
}
