import crypto from 'node:crypto';
import type { Language } from '../../../shared/i18n/languages';
import type { DbOrTx } from '../../db/client';
import { readOrCreateUnsubscribeKey } from './unsubscribe.repo';

/**
 * One-click unsubscribe links (decisions.md section 10, RFC 8058;
 * docs/decisions/036-recruiting.md): `participantId.kind.mac`, an HMAC-SHA-256 of the
 * first two under a key kept in the database. It works without signing in, only for its
 * own person and kind, and needs no row per mail.
 */
export const unsubscribeKinds = ['invitations', 'studies'] as const;
export type UnsubscribeKind = (typeof unsubscribeKinds)[number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type UnsubscribeSigner = {
  sign(participantId: string, kind: UnsubscribeKind): string;
  /** The person and kind of a genuine token; null for anything else. */
  verify(token: string): { participantId: string; kind: UnsubscribeKind } | null;
  /** The link a mail carries, on PUBLIC_URL. */
  url(participantId: string, kind: UnsubscribeKind): string;
  /**
   * The page a reader opens from the mail's text (`/unsubscribe?token=`): one button that
   * posts to `url` (a link opened is a GET, and a GET must change nothing: mail scanners
   * open links). In Kiswahili when the mail is (`&lang=sw`): the reader has no cookie yet.
   */
  pageUrl(participantId: string, kind: UnsubscribeKind, language: Language): string;
};

function mac(key: string, payload: string): string {
  return crypto.createHmac('sha256', key).update(payload).digest('base64url');
}

export function unsubscribeSigner(key: string, publicUrl: string): UnsubscribeSigner {
  const sign = (participantId: string, kind: UnsubscribeKind) =>
    `${participantId}.${kind}.${mac(key, `${participantId}.${kind}`)}`;
  return {
    sign,
    verify(token) {
      if (token.length > 200) return null;
      const [participantId = '', kind = '', given = '', ...rest] = token.split('.');
      if (rest.length > 0 || !UUID.test(participantId)) return null;
      if (!(unsubscribeKinds as readonly string[]).includes(kind)) return null;
      const expected = Buffer.from(mac(key, `${participantId}.${kind}`));
      const actual = Buffer.from(given);
      if (actual.length !== expected.length || !crypto.timingSafeEqual(actual, expected))
        return null;
      return { participantId, kind: kind as UnsubscribeKind };
    },
    url: (participantId, kind) =>
      `${publicUrl.replace(/\/$/, '')}/api/unsubscribe/${sign(participantId, kind)}`,
    pageUrl: (participantId, kind, language) =>
      `${publicUrl.replace(/\/$/, '')}/unsubscribe?token=${sign(participantId, kind)}${language === 'en' ? '' : `&lang=${language}`}`,
  };
}

/** The signer of this database's key (made on first use), cached per database handle. */
const signers = new WeakMap<object, Promise<UnsubscribeSigner>>();
export function unsubscribeSignerFor(db: DbOrTx, publicUrl: string): Promise<UnsubscribeSigner> {
  let signer = signers.get(db);
  if (!signer) {
    signer = readOrCreateUnsubscribeKey(db, crypto.randomBytes(32).toString('base64url')).then(
      (key) => unsubscribeSigner(key, publicUrl),
    );
    // A failed read (the database down) is not cached: the next call tries again.
    signer.catch(() => signers.delete(db));
    signers.set(db, signer);
  }
  return signer;
}

/** RFC 8058's two headers for a mail whose unsubscribe link is `url`. */
export function listUnsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}
