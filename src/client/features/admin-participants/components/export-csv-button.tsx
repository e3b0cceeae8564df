import { CheckIcon, DownloadIcon, Loader2Icon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button, buttonVariants } from '@/client/components/ui/button';
import { toast } from '@/client/components/ui/use-toast';
import { cn } from '@/client/lib/utils';
import {
  type ParticipantFilters,
  participantsCsvUrl,
} from '@/client/api/participants/get-participants';

/**
 * participants.csv as a real link (the browser downloads it as the server streams it),
 * of the current matches when searching or filtering. The link cannot know when the file is
 * complete, so it says "Preparing…" for a moment and confirms with a toast.
 */
export function ExportCsvButton({
  search,
  filters = {},
  empty,
}: {
  search: string;
  filters?: ParticipantFilters;
  empty: boolean;
}) {
  const [state, setState] = useState<'idle' | 'preparing' | 'started'>('idle');
  const term = search.trim();
  const narrowed = Boolean(term) || Object.keys(filters).length > 0;

  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState(state === 'preparing' ? 'started' : 'idle'), 1500);
    return () => clearTimeout(timer);
  }, [state]);

  function onClick() {
    setState('preparing');
    toast({
      title: 'Export started',
      description: narrowed
        ? `participants.csv with the participants matching ${term ? `“${term}”` : 'the filters'} is downloading.`
        : 'participants.csv with every participant is downloading.',
    });
  }

  if (empty) {
    // Nothing to export: a disabled button says so rather than a file with only a header.
    return (
      <Button variant="outline" disabled className="shrink-0">
        <DownloadIcon aria-hidden="true" />
        Export CSV
      </Button>
    );
  }

  return (
    <a
      href={participantsCsvUrl(term, filters)}
      download="participants.csv"
      onClick={onClick}
      className={cn(buttonVariants({ variant: 'outline' }), 'shrink-0')}
    >
      {state === 'preparing' ? (
        <Loader2Icon className="animate-spin" aria-hidden="true" />
      ) : state === 'started' ? (
        <CheckIcon aria-hidden="true" />
      ) : (
        <DownloadIcon aria-hidden="true" />
      )}
      {state === 'preparing' ? 'Preparing…' : narrowed ? 'Export matches (CSV)' : 'Export CSV'}
    </a>
  );
}
