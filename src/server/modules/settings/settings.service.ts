import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { cachedValue } from '../../lib/cache';
import { paths } from '../../../shared/paths';
import { DEFAULT_SETTINGS, settingsSchema, type Settings } from '../../../shared/schemas/settings';
import { recordAudit, type RequestContext } from '../audit/audit.service';
import { studiesOpenMailTemplate } from '../mail/mail-copy';
import { insertMails } from '../mail/outbox.repo';
import {
  listUnsubscribeHeaders,
  unsubscribeSignerFor,
  type UnsubscribeSigner,
} from '../recruiting/unsubscribe-token';
import { readSiteSettings, saveSiteSettings, studyMailRecipientsAfter } from './settings.repo';

/** Every page reads the settings; a change shows on other instances within this many ms. */
export const SETTINGS_TTL_MS = 5000;

/** A stored value that no longer parses (an older shape) reads as the defaults. */
const parsed = (value: unknown): Settings =>
  settingsSchema.safeParse(value).data ?? DEFAULT_SETTINGS;

/** How many studies-open mails are read and queued per statement. */
export const ANNOUNCE_BATCH = 1000;

/**
 * Queues the studies-open mail to everyone who takes it (active, not blocked, study mail on),
 * each in their language with their own one-click unsubscribe link and RFC 8058 headers
 * (kind 'studies'): a batch of recipients read and a batch of mail written per statement.
 * The HMAC of each link is computed here, not in SQL. Answers how many.
 */
async function announceStudiesOpenWith(
  tx: DbOrTx,
  signer: UnsubscribeSigner,
  dashboardUrl: string,
): Promise<number> {
  const template = studiesOpenMailTemplate(dashboardUrl);
  let count = 0;
  let after: string | undefined;
  for (;;) {
    const batch = await studyMailRecipientsAfter(tx, after, ANNOUNCE_BATCH);
    await insertMails(
      tx,
      batch.map((p) => {
        const mail = template[p.language];
        return {
          to: p.email,
          subject: mail.subject,
          text: mail.text(p.firstName, signer.pageUrl(p.id, 'studies', p.language)),
          kind: mail.kind,
          headers: listUnsubscribeHeaders(signer.url(p.id, 'studies')),
        };
      }),
    );
    count += batch.length;
    if (batch.length < ANNOUNCE_BATCH) return count;
    after = batch[batch.length - 1]!.id;
  }
}

export function createSettingsService({ db, config }: { db: Db; config: Config }) {
  const current = cachedValue(SETTINGS_TTL_MS, async () =>
    parsed(await readSiteSettings(db, { lock: false })),
  );

  const announceStudiesOpen = (tx: DbOrTx, signer: UnsubscribeSigner) =>
    announceStudiesOpenWith(tx, signer, `${config.publicUrl}${paths.participantDashboard}`);

  return {
    current: () => current.get(),

    /**
     * Whether studies are open, read in the caller's transaction (not the cache): an
     * application is refused or taken on the state as stored at that moment, whichever
     * instance switched it. Share-locked until the caller commits, so a postponement waits
     * for applications already past this check, and none is written after it is stored.
     */
    async studiesOpenIn(tx: DbOrTx): Promise<boolean> {
      return parsed(await readSiteSettings(tx, { lock: 'share' })).studiesOpen;
    },

    /**
     * Saves the settings. Switching studies from postponed to open keeps the
     * footer's promise: every registered participant is mailed, once per opening,
     * through the outbox in the same transaction.
     */
    async update(
      next: Settings,
      ctx: RequestContext,
    ): Promise<{ settings: Settings; announced: number }> {
      // Read before the transaction: the key may be made on first use.
      const signer = await unsubscribeSignerFor(db, config.publicUrl);
      const saved = await db.transaction(async (tx) => {
        const before = parsed(await readSiteSettings(tx, { lock: 'update' }));
        await saveSiteSettings(tx, next, ctx.actor?.id ?? null);
        const announced =
          !before.studiesOpen && next.studiesOpen ? await announceStudiesOpen(tx, signer) : 0;
        await recordAudit(tx, ctx, {
          action: 'settings.update',
          resource: 'settings',
          resourceId: 'site',
          details: { before, after: next, announced, smtpConfigured: config.smtpUrl !== undefined },
        });
        return { settings: next, announced };
      });
      current.invalidate();
      return saved;
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
