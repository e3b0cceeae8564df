import { AlertCircleIcon, RefreshCwIcon } from 'lucide-react';
import type * as React from 'react';
import { useT } from '@/client/i18n/language';
import { cn } from '@/client/lib/utils';
import { Button } from './button';
import { Skeleton } from './skeleton';

/**
 * The three states every list and card has besides its data (conventions 9):
 * loading (skeletons, announced once), empty (a sentence) and error (what went
 * wrong and a way to try again).
 */
export function LoadingList({
  label,
  count = 3,
  itemClassName = 'h-36',
  className,
}: {
  label: string;
  count?: number;
  itemClassName?: string;
  className?: string;
}) {
  return (
    <div role="status" className={cn('grid gap-4', className)}>
      <span className="sr-only">{label}</span>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} className={cn('w-full rounded-xl', itemClassName)} aria-hidden="true" />
      ))}
    </div>
  );
}

export function EmptyState({
  icon,
  children,
  className,
}: {
  icon?: React.ReactNode;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-10 text-center text-muted-foreground',
        className,
      )}
    >
      {icon}
      <div className="max-w-md text-sm">{children}</div>
    </div>
  );
}

export function ErrorState({
  title,
  message,
  onRetry,
  retrying = false,
  className,
}: {
  title: string;
  message?: string;
  onRetry?: () => void;
  retrying?: boolean;
  className?: string;
}) {
  const t = useT('ui');
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-start gap-3 rounded-xl border border-destructive/40 bg-red-50 p-4 text-sm text-red-900 sm:flex-row sm:items-center',
        className,
      )}
    >
      <AlertCircleIcon className="size-5 shrink-0" aria-hidden="true" />
      <div className="flex-1">
        <p className="font-medium">{title}</p>
        {message && <p className="mt-1">{message}</p>}
      </div>
      {onRetry && (
        <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
          <RefreshCwIcon className={cn(retrying && 'animate-spin')} aria-hidden="true" />
          {retrying ? t('action.retrying') : t('action.tryAgain')}
        </Button>
      )}
    </div>
  );
}
