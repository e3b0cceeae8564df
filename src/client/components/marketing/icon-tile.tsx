import type { LucideIcon } from 'lucide-react';
import { cn } from '@/client/lib/utils';
import type { ServiceThemeColor } from '@/shared/content/services';

/** Tile colours per accent; each text colour passes WCAG AA on its tile and on white. */
export const accentStyles: Record<ServiceThemeColor, { tile: string; text: string; bar: string }> =
  {
    blue: { tile: 'bg-blue-50 text-blue-700', text: 'text-blue-700', bar: 'bg-blue-700' },
    emerald: {
      tile: 'bg-emerald-50 text-emerald-800',
      text: 'text-emerald-800',
      bar: 'bg-emerald-700',
    },
    violet: { tile: 'bg-violet-50 text-violet-700', text: 'text-violet-700', bar: 'bg-violet-700' },
  };

/** A decorative icon on a soft square. */
export function IconTile({
  icon: Icon,
  color = 'blue',
  className,
}: {
  icon: LucideIcon;
  color?: ServiceThemeColor;
  className?: string;
}) {
  return (
    <span
      className={cn(
        'inline-flex size-12 shrink-0 items-center justify-center rounded-lg',
        accentStyles[color].tile,
        className,
      )}
    >
      <Icon className="size-6" aria-hidden="true" />
    </span>
  );
}
