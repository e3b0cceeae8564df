import { CompassIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/client/components/ui/button';
import { pageTitle } from '@/client/lib/page-title';
import { paths } from '@/shared/paths';

export function NotFoundPage() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <title>{pageTitle('Page not found')}</title>
      <meta name="robots" content="noindex" />
      <CompassIcon className="size-14 text-primary" aria-hidden="true" />
      <h1 className="mt-6 text-2xl font-bold tracking-tight sm:text-3xl">404 Page Not Found</h1>
      <p className="mt-3 text-muted-foreground">
        The page you are looking for does not exist or has moved.
      </p>
      <Button asChild className="mt-8">
        <Link to={paths.home}>Go back home</Link>
      </Button>
    </div>
  );
}
