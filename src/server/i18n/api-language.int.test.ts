import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { readCatalogue } from '../../../test/i18n-catalogues';
import {
  createParticipant,
  createStudy,
  participantInput,
  signIn,
  TEST_PASSWORD,
} from '../../../test/factories';
import { participants } from '../db/schema/index';

/**
 * API messages follow Accept-Language (decisions.md section 13): Kiswahili when it asks for
 * sw, English otherwise. The expected texts are read from the catalogues, so a better
 * translation does not break the test, but a message left in English does.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const sw = {
  errors: readCatalogue('sw', 'errors'),
  validation: readCatalogue('sw', 'validation'),
};
const en = {
  errors: readCatalogue('en', 'errors'),
  validation: readCatalogue('en', 'validation'),
};
const SW = { 'accept-language': 'sw' };
const UNKNOWN_STUDY = '00000000-0000-4000-8000-000000000000';

/** A registration with every required field missing or wrong. */
const badRegistration = { firstName: '', lastName: 'Otieno', email: 'not-an-email', phone: '1' };

describe('API messages follow Accept-Language', () => {
  it('answers a validation 400 on registration in Kiswahili, field by field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/participants/register',
      headers: SW,
      payload: badRegistration,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: sw.errors.checkFields,
      errors: {
        firstName: sw.validation.firstNameRequired,
        email: sw.validation.email,
        phone: sw.validation.phone,
      },
    });
    expect(res.json().errors.password).toBe('Nenosiri lazima liwe na angalau herufi 6');
  });

  it('answers a wrong sign-in (401) in Kiswahili', async () => {
    const { input } = await createParticipant(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: SW,
      payload: { email: input.email, password: 'Not-The-Password-1' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(sw.errors['signIn.invalid']);
  });

  it('answers 401 without a session, 404s and an unknown API path in Kiswahili', async () => {
    const earnings = await t.app.inject({ url: '/api/me/earnings', headers: SW });
    expect(earnings.statusCode).toBe(401);
    expect(earnings.json().message).toBe(sw.errors.unauthorized);

    const study = await t.app.inject({ url: `/api/tests/${UNKNOWN_STUDY}`, headers: SW });
    expect(study.statusCode).toBe(404);
    expect(study.json().message).toBe(sw.errors['study.notFound']);

    const nowhere = await t.app.inject({ url: '/api/no-such-thing', headers: SW });
    expect(nowhere.statusCode).toBe(404);
    expect(nowhere.json().message).toBe(sw.errors.notFound);
  });

  it('answers the lock-out (423) in Kiswahili, minutes and all', async () => {
    const { input } = await createParticipant(t.app);
    let res;
    for (let i = 0; i < 5; i++)
      res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        headers: SW,
        payload: { email: input.email, password: 'Not-The-Password-1' },
      });
    expect(res!.statusCode).toBe(423);
    expect(res!.json().message).toBe(
      'Umejaribu kuingia mara nyingi bila mafanikio. Akaunti yako imefungwa; jaribu tena baada ya dakika 15.',
    );
  });

  it('answers the photo rules in Kiswahili (415 not an image, 400 no photo)', async () => {
    const { input, participant } = await createParticipant(t.app);
    const { cookie } = await signIn(t.app, input.email);
    const upload = (field: string, bytes: Buffer) => {
      const boundary = '----photo' + Math.random().toString(16).slice(2);
      return t.app.inject({
        method: 'POST',
        url: `/api/participants/${participant.id}/upload-photo`,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie, ...SW },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
          ),
          bytes,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
    };
    const notImage = await upload('photo', Buffer.from('just some text, not a picture'));
    expect(notImage.statusCode).toBe(415);
    expect(notImage.json().message).toBe(sw.validation['photo.type']);
    const wrongField = await upload('avatar', Buffer.from('x'));
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toEqual({
      message: sw.errors['photo.missing'],
      errors: { photo: sw.errors['photo.missing'] },
    });
  });

  it('answers a second application (409) in Kiswahili', async () => {
    const { input, participant } = await createParticipant(t.app);
    const { cookie } = await signIn(t.app, input.email);
    const study = await createStudy(t.database.db);
    const apply = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/applications',
        headers: { cookie, ...SW },
        payload: { participantId: participant.id, testId: study.id },
      });
    expect((await apply()).statusCode).toBe(201);
    const again = await apply();
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(sw.errors['application.alreadyApplied']);
  });

  it('answers a taken e-mail (409) in Kiswahili, on the field too', async () => {
    const { input } = await createParticipant(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/participants/register',
      headers: SW,
      payload: participantInput({ email: input.email }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: sw.validation['accountExists.email'],
      errors: { email: sw.validation['accountExists.email'] },
    });
  });

  it('answers the framework refusals in Kiswahili: bad JSON, too deep, too large, bad address', async () => {
    const post = (payload: string, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        headers: { 'content-type': 'application/json', ...SW, ...headers },
        payload,
      });
    expect((await post('{"email":')).json().message).toBe(sw.errors.invalidJson);
    expect((await post('['.repeat(40) + ']'.repeat(40))).json().message).toBe(
      sw.errors.tooDeeplyNested,
    );
    const large = await post(JSON.stringify({ email: 'x'.repeat(70_000) }));
    expect(large.statusCode).toBe(413);
    expect(large.json().message).toBe(sw.errors.tooLarge);
    const badUrl = await t.app.inject({ url: '/api/tests/%', headers: SW });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json().message).toBe(sw.errors.badUrl);
  });

  it('answers a rate-limited request (429) in Kiswahili', async () => {
    const limited = await buildTestApp({ env: { RATE_LIMIT_AUTH_PER_MIN: '1' } });
    try {
      const signin = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/signin',
          headers: SW,
          payload: { email: 'nobody@example.com', password: TEST_PASSWORD },
        });
      await signin();
      const res = await signin();
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toMatch(
        /^Umejaribu mara nyingi mno\. Tafadhali subiri sekunde \d+/,
      );
    } finally {
      await limited.close();
    }
  });

  it('answers English when Accept-Language is absent, unknown or malformed', async () => {
    for (const headers of [{}, { 'accept-language': 'fr' }, { 'accept-language': ';;q=x,' }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/participants/register',
        headers,
        payload: badRegistration,
      });
      expect(res.json()).toMatchObject({
        message: 'Please check the highlighted fields',
        errors: { firstName: 'First name is required', email: en.validation.email },
      });
      const study = await t.app.inject({ url: `/api/tests/${UNKNOWN_STUDY}`, headers });
      expect(study.json().message).toBe('Test not found');
    }
  });

  it('picks sw from a quality list ("fr, sw;q=0.8") and en when it weighs more', async () => {
    const ask = (acceptLanguage: string) =>
      t.app.inject({
        url: `/api/tests/${UNKNOWN_STUDY}`,
        headers: { 'accept-language': acceptLanguage },
      });
    expect((await ask('fr, sw;q=0.8')).json().message).toBe(sw.errors['study.notFound']);
    expect((await ask('sw-KE')).json().message).toBe(sw.errors['study.notFound']);
    expect((await ask('en;q=0.9, sw;q=0.5')).json().message).toBe(en.errors['study.notFound']);
  });

  it('keeps each concurrent request in its own language', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/participants/register',
          headers: i % 2 ? SW : { 'accept-language': 'en' },
          payload: badRegistration,
        }),
      ),
    );
    answers.forEach((res, i) =>
      expect(res.json().errors.firstName).toBe(
        i % 2 ? sw.validation.firstNameRequired : en.validation.firstNameRequired,
      ),
    );
  });
});

describe("a participant's language", () => {
  const readLanguage = async (id: string) =>
    (await t.database.db.select().from(participants).where(eq(participants.id, id)))[0]?.language;

  it('is stored at registration and answered by the session and GET participant', async () => {
    const { input, participant } = await createParticipant(t.app, { language: 'sw' });
    expect(await readLanguage(participant.id)).toBe('sw');
    const { cookie, body } = await signIn(t.app, input.email);
    expect(body.user.language).toBe('sw');
    const session = await t.app.inject({ url: '/api/auth/session', headers: { cookie } });
    expect(session.json().user.language).toBe('sw');
    const own = await t.app.inject({
      url: `/api/participants/${participant.id}`,
      headers: { cookie },
    });
    expect(own.json().participant.language).toBe('sw');
  });

  it('defaults to en, and a profile update can change it', async () => {
    const { input, participant } = await createParticipant(t.app);
    expect(await readLanguage(participant.id)).toBe('en');
    const { cookie } = await signIn(t.app, input.email);
    const update = (language: unknown, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/participants/${participant.id}/profile`,
        headers: { cookie, ...headers },
        payload: { language },
      });
    const toSw = await update('sw');
    expect(toSw.statusCode).toBe(200);
    expect(toSw.json().participant.language).toBe('sw');
    expect(await readLanguage(participant.id)).toBe('sw');
    const session = await t.app.inject({ url: '/api/auth/session', headers: { cookie } });
    expect(session.json().user.language).toBe('sw');

    for (const bad of ['de', 5, 'SW', '']) {
      const res = await update(bad, SW);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().errors.language).toBe(sw.validation.language);
      const english = await update(bad);
      expect(english.json().errors.language).toBe('Please choose English or Kiswahili');
    }
    expect(await readLanguage(participant.id)).toBe('sw');
  });

  it('refuses an unknown language at registration and stores nothing', async () => {
    const input = participantInput({ language: 'de' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/participants/register',
      payload: input,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.language).toBe('Please choose English or Kiswahili');
    const rows = await t.database.db
      .select()
      .from(participants)
      .where(eq(participants.email, input.email));
    expect(rows).toHaveLength(0);
  });
});
