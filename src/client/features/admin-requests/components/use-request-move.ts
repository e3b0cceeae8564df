import { toast } from '@/client/components/ui/use-toast';
import { errorMessageOf } from '@/client/lib/error-message';
import type { RequestStatus } from '@/shared/schemas/options';
import type { ClientRequest, ResearchRequest } from '@/shared/schemas/requests';
import { useMoveInquiry, useMoveResearchRequest } from '../api/move-request';
import { requestStatusLabel } from './request-status';

type Kind = 'inquiry' | 'research';

/**
 * A status move with its toasts: the new status on success, the server's reason
 * (e.g. a move the states do not allow, 409) on failure. Resolves to the moved
 * request, or null when it failed.
 */
export function useRequestMove<K extends Kind>(kind: K) {
  const inquiry = useMoveInquiry();
  const research = useMoveResearchRequest();
  const mutation = kind === 'inquiry' ? inquiry : research;

  async function move(
    request: { id: string; company: string },
    status: RequestStatus,
  ): Promise<(K extends 'inquiry' ? ClientRequest : ResearchRequest) | null> {
    try {
      const moved = await mutation.mutateAsync({ id: request.id, status });
      toast({
        title: 'Request updated',
        description: `${request.company} is now ${requestStatusLabel(status).toLowerCase()}.`,
      });
      return moved as K extends 'inquiry' ? ClientRequest : ResearchRequest;
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Failed to update request',
        description: errorMessageOf(error, 'The request could not be moved. Please try again.'),
      });
      return null;
    }
  }

  return {
    move,
    /** The request being moved, while its move is under way. */
    pendingId: mutation.isPending ? mutation.variables?.id : undefined,
  };
}
