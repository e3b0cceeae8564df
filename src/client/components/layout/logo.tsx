import { Link } from 'react-router';
import { useLocalizedPath, useT } from '@/client/i18n/language';
import { cn } from '@/client/lib/utils';
import { paths } from '@/shared/paths';
import { site } from '@/shared/site';

function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={className}>
      <rect width="32" height="32" rx="7" fill="currentColor" />
      <circle cx="14" cy="14" r="6.5" fill="none" stroke="#fff" strokeWidth="3" />
      <path d="m19 19 6 6" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** The brand, always a link home. */
export function Logo({ className }: { className?: string }) {
  const t = useT('common');
  const lp = useLocalizedPath();
  return (
    <Link
      to={lp(paths.home)}
      className={cn(
        'inline-flex items-center gap-2 rounded-md text-lg font-bold tracking-tight text-foreground',
        className,
      )}
    >
      <LogoMark className="size-8 text-primary" />
      <span>{site.name}</span>
      <span className="sr-only">{t('logo.homeSuffix')}</span>
    </Link>
  );
}
