import { PageMeta } from '@/client/components/layout/page-meta';
import { Island } from '@/client/components/layout/island';
import { LegalContactList } from '@/client/components/marketing/contact-lists';
import { useT } from '@/client/i18n/language';
import type { MessageKey } from '@/shared/i18n/namespaces';
import { site } from '@/shared/site';

/** A message of the `legal` catalogue. */
export type LegalKey = MessageKey<'legal'>;

/** A paragraph, or a bulleted list of items. */
type Block = { p: LegalKey } | { ul: readonly LegalKey[] };

export type LegalSection = { id: string; title: LegalKey; blocks: readonly Block[] };

function Blocks({ blocks }: { blocks: readonly Block[] }) {
  const t = useT('legal');
  const brand = site.name;
  return blocks.map((block) =>
    'p' in block ? (
      <p key={block.p}>{t(block.p, { brand })}</p>
    ) : (
      <ul key={block.ul[0]} className="grid list-disc gap-2 pl-6 marker:text-primary">
        {block.ul.map((item) => (
          <li key={item}>{t(item, { brand })}</li>
        ))}
      </ul>
    ),
  );
}

/**
 * A legal page (privacy policy, terms of service): its title, version and date, a table
 * of contents, the numbered sections, and how to reach us (the configured contact only).
 */
/** The keys of a legal page's own texts. */
export type LegalHead = {
  eyebrow: LegalKey;
  title: LegalKey;
  metaTitle: LegalKey;
  metaDescription: LegalKey;
  intro: LegalKey;
};

export function LegalDocument({
  path,
  head: { eyebrow, title, metaTitle, metaDescription, intro },
  sections,
}: {
  path: string;
  head: LegalHead;
  sections: readonly LegalSection[];
}) {
  const t = useT('legal');
  const brand = site.name;
  const all = [...sections, { id: 'contact', title: 'contact.title' as const, blocks: [] }];
  return (
    <>
      <PageMeta title={t(metaTitle)} description={t(metaDescription, { brand })} path={path} />
      <section className="border-b bg-gradient-to-b from-accent to-background">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">{t(eyebrow)}</p>
          <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance sm:text-5xl">
            {t(title)}
          </h1>
          <p className="mt-3 text-sm text-muted-foreground" data-version="">
            {t('version')}
          </p>
          <p className="mt-6 max-w-3xl text-lg text-muted-foreground">{t(intro, { brand })}</p>
        </div>
      </section>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-14">
        <nav aria-labelledby="toc-title" className="lg:sticky lg:top-24 lg:self-start">
          <h2 id="toc-title" className="text-sm font-semibold tracking-wide uppercase">
            {t('toc')}
          </h2>
          <ol className="mt-3 grid list-decimal gap-2 pl-6 text-sm marker:text-muted-foreground">
            {all.map((section) => (
              <li key={section.id}>
                {/* Plain in-page anchors: the browser scrolls to them natively. */}
                <a
                  href={`#${section.id}`}
                  className="rounded-sm text-primary underline-offset-4 hover:underline"
                >
                  {t(section.title)}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="grid max-w-3xl gap-10 leading-relaxed text-foreground/90">
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-title`}
              className="grid scroll-mt-20 gap-4"
            >
              <h2 id={`${section.id}-title`} className="text-2xl font-bold tracking-tight">
                <span className="text-muted-foreground">{index + 1}.</span> {t(section.title)}
              </h2>
              <Blocks blocks={section.blocks} />
            </section>
          ))}
          <section id="contact" aria-labelledby="contact-title" className="grid scroll-mt-20 gap-4">
            <h2 id="contact-title" className="text-2xl font-bold tracking-tight">
              <span className="text-muted-foreground">{all.length}.</span> {t('contact.title')}
            </h2>
            <p>{t('contact.text')}</p>
            <Island name="legal-contact">
              <LegalContactList />
            </Island>
          </section>
        </div>
      </div>
    </>
  );
}
