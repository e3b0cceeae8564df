import { CompassIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/client/components/ui/button';
import { useLocalizedPath, useT } from '@/client/i18n/language';
import { pageTitle } from '@/client/lib/page-title';
import { paths } from '@/shared/paths';

export function NotFoundPage() {
  const t = useT('common');
  const lp = useLocalizedPath();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <title>{pageTitle(t('notFound.title'))}</title>
      <meta name="robots" content="noindex" />
      <CompassIcon className="size-14 text-primary" aria-hidden="true" />
      <h1 className="mt-6 text-2xl font-bold tracking-tight sm:text-3xl">
        {t('notFound.heading')}
      </h1>
      <p className="mt-3 text-muted-foreground">{t('notFound.text')}</p>
      <Button asChild className="mt-8">
        <Link to={lp(paths.home)}>{t('notFound.home')}</Link>
      </Button>
    </div>
  );
}
