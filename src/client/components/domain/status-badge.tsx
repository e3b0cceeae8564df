import { Badge, type BadgeProps } from '@/client/components/ui/badge';

/** A status as a coloured badge; `data-status` lets tests and styles find it by value. */
export function StatusBadge({
  status,
  label,
  variant,
  className,
}: {
  status: string;
  label: string;
  variant: BadgeProps['variant'];
  className?: string;
}) {
  return (
    <Badge variant={variant} data-status={status} className={className}>
      {label}
    </Badge>
  );
}

/** The statuses in their order, labelled, for selectors and filters. */
export function statusOptions<S extends string>(statuses: readonly S[], labels: Record<S, string>) {
  return statuses.map((value) => ({ value, label: labels[value] }));
}
