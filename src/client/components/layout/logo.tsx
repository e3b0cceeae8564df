import { clsx } from 'clsx';
import { useLocalizedPath, useT } from '@/client/i18n/language';
import { SiteLink } from '@/client/lib/site-nav';
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

/** The brand, always a link home; `className` sets its gap and text size (default gap-2 text-lg). */
export function Logo({ className }: { className?: string }) {
  const t = useT('common');
  const lp = useLocalizedPath();
  return (
    <SiteLink
      to={lp(paths.home)}
      className={clsx(
        'inline-flex items-center rounded-md font-bold tracking-tight text-foreground',
        className ?? 'gap-2 text-lg',
      )}
    >
      <LogoMark className="size-8 text-primary" />
      <span>{site.name}</span>
      <span className="sr-only">{t('logo.homeSuffix')}</span>
    </SiteLink>
  );
}
