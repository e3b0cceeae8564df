import { useCallback } from 'react';
import { useT } from '@/client/i18n/language';
import type { MessageKey } from '@/shared/i18n/namespaces';

/** The option sets whose words are in the `recruiting` catalogue as `<set>.<value>`. */
export type OptionSet =
  'gender' | 'employment' | 'incomeBand' | 'language' | 'device' | 'mobileMoney' | 'internetAccess';

/**
 * The words of the research profile's options, as the console shows them (the staff console
 * is English, so the page's language is; counties are their own names).
 */
export function useOptionLabels() {
  const t = useT('recruiting');
  const label = useCallback(
    (set: OptionSet, value: string) => t(`${set}.${value}` as MessageKey<'recruiting'>),
    [t],
  );
  const options = useCallback(
    (set: OptionSet, values: readonly string[]) =>
      values.map((value) => ({ value, label: label(set, value) })),
    [label],
  );
  return {
    label,
    options,
    field: (name: string) => t(`field.${name}` as MessageKey<'recruiting'>),
  };
}
