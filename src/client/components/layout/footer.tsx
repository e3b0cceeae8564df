import { Link } from 'react-router';
import { paths } from '@/shared/paths';
import { site } from '@/shared/site';
import { HydrationUnit } from './hydration-unit';
import { Logo } from './logo';
import { companyLinks, serviceLinks } from './nav-links';

const linkClass =
  'rounded-sm text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline';

function FooterColumn({
  title,
  links,
}: {
  title: string;
  links: readonly { to: string; label: string }[];
}) {
  return (
    <div>
      <h2 className="text-sm font-semibold text-foreground">{title}</h2>
      <ul className="mt-3 grid gap-2">
        {links.map((link) => (
          <li key={link.label}>
            <Link to={link.to} className={linkClass}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Footer() {
  return (
    // Far below the fold on a prerendered page: hydrated when it comes near (see HydrationUnit).
    <HydrationUnit deferUntilNear="site-footer">
      <footer id="site-footer" className="border-t bg-muted">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.4fr_1fr_1fr_1fr]">
          <div className="max-w-sm">
            <Logo />
            <p className="mt-3 text-sm text-muted-foreground">{site.tagline}.</p>
            <p className="mt-4 rounded-md border border-border bg-background p-3 text-sm text-muted-foreground">
              Research studies are temporarily postponed. Registered testers will be notified when
              new studies open.
            </p>
          </div>
          <FooterColumn title="Services" links={serviceLinks} />
          <FooterColumn title="Company" links={companyLinks} />
          <FooterColumn
            title="Participants"
            links={[{ to: paths.participantRegistration, label: 'Become a Tester' }]}
          />
        </div>
        <div className="border-t">
          {/* A page prerendered last year says last year until it hydrates: not an error. */}
          <p
            className="mx-auto max-w-6xl px-4 py-6 text-sm text-muted-foreground sm:px-6"
            suppressHydrationWarning
          >
            © {site.copyrightYear} {site.name}. All rights reserved.
          </p>
        </div>
      </footer>
    </HydrationUnit>
  );
}
