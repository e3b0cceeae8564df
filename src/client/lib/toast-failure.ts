import { toast } from '@/client/components/ui/use-toast';
import { errorMessageOf } from './error-message';

/** The red toast of a failed action: `title`, and what the server said (else `fallback`). */
export function toastFailure(title: string, error: unknown, fallback: string) {
  return toast({ variant: 'destructive', title, description: errorMessageOf(error, fallback) });
}
