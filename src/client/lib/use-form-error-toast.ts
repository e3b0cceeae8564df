import { useCallback, useEffect, useRef } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { type Toast, toast } from '@/client/components/ui/use-toast';

/**
 * A form's failure toast that does not outstay its news: it is dismissed as soon as a
 * field is edited or the form's own validation fails again, so an old server message
 * ("An account with this phone number already exists") never sits beside a new field
 * error. `showError` shows it; pass `dismissError` as handleSubmit's onInvalid.
 */
export function useFormErrorToast<T extends FieldValues, C, P extends FieldValues>(
  form: UseFormReturn<T, C, P>,
) {
  const shown = useRef<ReturnType<typeof toast> | null>(null);

  const dismissError = useCallback(() => {
    shown.current?.dismiss();
    shown.current = null;
  }, []);

  const showError = useCallback(
    (props: Omit<Toast, 'variant'>) => {
      dismissError();
      shown.current = toast({ ...props, variant: 'destructive' });
    },
    [dismissError],
  );

  useEffect(() => {
    const subscription = form.watch((_values, { type }) => {
      if (type === 'change') dismissError();
    });
    return () => subscription.unsubscribe();
  }, [form, dismissError]);

  return { showError, dismissError };
}
