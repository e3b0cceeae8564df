import type { ReactNode } from 'react';
import { useLanguage } from '@/client/i18n/language';
import { formatDate } from '@/client/lib/format-date';
import { formatDateTime } from '@/client/lib/format-date-time';

/**
 * A moment in a list: machine-readable, with the full date and time on hover. It reads
 * as the date unless `children` says it otherwise ("3 hours ago").
 */
export function TimeStamp({
  value,
  className,
  children,
}: {
  value: string;
  className?: string;
  children?: ReactNode;
}) {
  const language = useLanguage();
  return (
    <time
      dateTime={value}
      title={formatDateTime(value, language) ?? undefined}
      className={className}
    >
      {children ?? formatDate(value, language)}
    </time>
  );
}
