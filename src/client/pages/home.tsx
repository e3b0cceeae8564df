import { ArrowRightIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/client/components/ui/button';
import { pageTitle } from '@/client/lib/page-title';
import { paths } from '@/shared/paths';
import { site } from '@/shared/site';

export function HomePage() {
  return (
    <>
      <title>{pageTitle()}</title>
      <section className="bg-gradient-to-b from-accent to-background">
        <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-28">
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">{site.name}</p>
          <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl">
            {site.tagline}
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-muted-foreground">
            Fractional product management, user research and launch strategy for teams building
            digital products, from the first concept to a product that grows.
          </p>
          <div className="mt-10 flex flex-wrap gap-3">
            <Button asChild size="lg">
              <Link to={paths.companyInquiry}>
                Work with us
                <ArrowRightIcon aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to={paths.services}>Explore our services</Link>
            </Button>
          </div>
        </div>
      </section>
    </>
  );
}
