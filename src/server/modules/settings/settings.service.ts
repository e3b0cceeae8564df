import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { cachedValue } from '../../lib/cache';
import { paths } from '../../../shared/paths';
import { DEFAULT_SETTINGS, settingsSchema, type Settings } from '../../../shared/schemas/settings';
import { recordAudit, type RequestContext } from '../audit/audit.service';
import { studiesOpenMailAround } from '../mail/mail-copy';
import { mailEveryActiveParticipant, readSiteSettings, saveSiteSettings } from './settings.repo';

/** Every page reads the settings; a change shows on other instances within this many ms. */
export const SETTINGS_TTL_MS = 5000;

/** A stored value that no longer parses (an older shape) reads as the defaults. */
const parsed = (value: unknown): Settings =>
  settingsSchema.safeParse(value).data ?? DEFAULT_SETTINGS;

export function createSettingsService({ db, config }: { db: Db; config: Config }) {
  const current = cachedValue(SETTINGS_TTL_MS, async () =>
    parsed(await readSiteSettings(db, { lock: false })),
  );

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
      const saved = await db.transaction(async (tx) => {
        const before = parsed(await readSiteSettings(tx, { lock: 'update' }));
        await saveSiteSettings(tx, next, ctx.actor?.id ?? null);
        const announced =
          !before.studiesOpen && next.studiesOpen
            ? await mailEveryActiveParticipant(
                tx,
                studiesOpenMailAround(`${config.publicUrl}${paths.participantDashboard}`),
              )
            : 0;
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
