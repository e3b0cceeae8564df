import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, earnings, payments } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { createStudy, loginAs, signIn, TEST_PASSWORD } from '../../../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

type Who = { cookie: string; id: string; email: string };
const as = (who: Who | null) => (who ? { cookie: who.cookie } : {});
const participant = () => loginAs(t.app, t.database.db, 'participant');
const admin = () => loginAs(t.app, t.database.db, 'admin');

function multipart(
  field: string,
  filename: string,
  bytes: Buffer,
  type = 'application/octet-stream',
) {
  const boundary = '----test' + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
const upload = (who: Who | null, id: string, body: ReturnType<typeof multipart>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/participants/${id}/upload-photo`,
    payload: body.payload,
    headers: { ...body.headers, ...as(who) },
  });

const png = (width = 300, height = 200) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .png()
    .toBuffer();

describe('reading a participant', () => {
  it('answers the participant themself and admins, refuses others', async () => {
    const me = await participant();
    const other = await participant();
    const boss = await admin();
    const url = `/api/participants/${me.id}`;
    const mine = await t.app.inject({ url, headers: as(me) });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().participant.email).toBe(me.email);
    expect(mine.body).not.toMatch(/argon2|passwordHash|password_hash|loginAttempts/);
    expect(mine.headers['cache-control']).toContain('no-store');
    expect((await t.app.inject({ url, headers: as(boss) })).statusCode).toBe(200);
    expect((await t.app.inject({ url, headers: as(other) })).statusCode).toBe(403);
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: '/api/participants/not-a-uuid', headers: as(boss) })).statusCode,
    ).toBe(400);
    expect(
      (
        await t.app.inject({
          url: '/api/participants/00000000-0000-4000-8000-000000000000',
          headers: as(boss),
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('updating the profile', () => {
  it('updates the optional fields, clears one with an empty string, and computes the age from the date of birth', async () => {
    const me = await participant();
    const put = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/participants/${me.id}/profile`,
        headers: as(me),
        payload,
      });
    const first = await put({
      location: 'Kisumu',
      occupation: 'Teacher',
      education: "Bachelor's Degree",
      age: '25-34',
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().participant).toMatchObject({
      location: 'Kisumu',
      occupation: 'Teacher',
      age: '25-34',
    });
    const withBirth = await put({ dateOfBirth: '1990-01-15', occupation: '' });
    const expected = String(
      new Date().getUTCFullYear() -
        1990 -
        (new Date() < new Date(`${new Date().getUTCFullYear()}-01-15`) ? 1 : 0),
    );
    expect(withBirth.json().participant).toMatchObject({
      dateOfBirth: '1990-01-15',
      age: expected,
      occupation: null,
    });
  });

  it('refuses an e-mail or phone another account has (409 on the field) and changes nothing', async () => {
    const me = await participant();
    const other = await participant();
    const otherRow = (
      await t.app.inject({ url: `/api/participants/${other.id}`, headers: as(other) })
    ).json().participant;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/participants/${me.id}/profile`,
      headers: as(me),
      payload: { email: other.email.toUpperCase(), currentPassword: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors.email).toBe('An account with this email already exists');
    const phone = await t.app.inject({
      method: 'PUT',
      url: `/api/participants/${me.id}/profile`,
      headers: as(me),
      payload: { phone: otherRow.phone },
    });
    expect(phone.json().errors.phone).toBe('An account with this phone number already exists');
    const after = (
      await t.app.inject({ url: `/api/participants/${me.id}`, headers: as(me) })
    ).json().participant;
    expect(after.email).toBe(me.email);
  });

  it('keeps its own e-mail when sent back unchanged', async () => {
    const me = await participant();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/participant/profile',
      headers: as(me),
      payload: {
        firstName: 'Zawadi',
        lastName: 'Mwangi',
        email: me.email,
        phone: '+254 733 000 111',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().participant).toMatchObject({
      firstName: 'Zawadi',
      phone: '+254733000111',
    });
  });

  it('answers an update that changes nothing with "Nothing to update" (400), in the request language', async () => {
    const me = await participant();
    const empty = (language: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/participants/${me.id}/profile`,
        headers: { ...as(me), 'accept-language': language },
        payload: {},
      });
    const english = await empty('en');
    expect(english.statusCode).toBe(400);
    expect(english.json()).toEqual({ message: 'Nothing to update' });
    expect((await empty('sw')).json()).toEqual({ message: 'Hakuna cha kubadilisha' });
  });

  it('is for the participant themself only: another participant and admins get 403', async () => {
    const me = await participant();
    for (const who of [await participant(), await admin()]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/participants/${me.id}/profile`,
        headers: as(who),
        payload: { location: 'Hacked' },
      });
      expect(res.statusCode).toBe(403);
    }
  });

  it('refuses values outside the option sets and bad dates with 400', async () => {
    const me = await participant();
    for (const [payload, field] of [
      [{ education: 'PhD in vibes' }, 'education'],
      [{ dateOfBirth: '2999-01-01' }, 'dateOfBirth'],
      [{ dateOfBirth: '1990-02-30' }, 'dateOfBirth'],
      [{ location: 'x'.repeat(201) }, 'location'],
      [{ email: 'nope' }, 'email'],
    ] as const) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/participants/${me.id}/profile`,
        headers: as(me),
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors[field]).toBeTruthy();
    }
  });
});

describe('changing the password from the dashboard', () => {
  it('needs the current password and is for the participant themself', async () => {
    const me = await participant();
    const url = `/api/participants/${me.id}/password`;
    const wrong = await t.app.inject({
      method: 'PUT',
      url,
      headers: as(me),
      payload: { currentPassword: 'nope-nope', newPassword: 'Fresh-Mango-Tree-7' },
    });
    expect(wrong.statusCode).toBe(400);
    const other = await participant();
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url,
          headers: as(other),
          payload: { currentPassword: TEST_PASSWORD, newPassword: 'Fresh-Mango-Tree-7' },
        })
      ).statusCode,
    ).toBe(403);
    const ok = await t.app.inject({
      method: 'PUT',
      url,
      headers: as(me),
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'Fresh-Mango-Tree-7' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await signIn(t.app, me.email, 'Fresh-Mango-Tree-7')).body.userType).toBe('participant');
  });
});

describe('profile photo', () => {
  it('re-encodes an upload, strips its metadata, and serves it to its owner and admins with an ETag', async () => {
    const me = await participant();
    const withGps = await sharp(await png(1200, 800))
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-owner', ImageDescription: 'home address' } })
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif).toBeDefined();

    const res = await upload(me, me.id, multipart('photo', 'me.jpg', withGps, 'image/jpeg'));
    expect(res.statusCode).toBe(200);
    const { photoUrl } = res.json();
    expect(photoUrl).toMatch(new RegExp(`^/api/participants/${me.id}/photo\\?v=[0-9a-f]+$`));

    const served = await t.app.inject({ url: photoUrl, headers: as(me) });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toContain('private');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([512, 512]);
    expect(served.rawPayload.includes(Buffer.from('secret-owner'))).toBe(false);

    const again = await t.app.inject({
      url: photoUrl,
      headers: { ...as(me), 'if-none-match': String(served.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect((await t.app.inject({ url: photoUrl, headers: as(await admin()) })).statusCode).toBe(
      200,
    );
    expect(
      (await t.app.inject({ url: photoUrl, headers: as(await participant()) })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: photoUrl })).statusCode).toBe(401);
    const profile = (
      await t.app.inject({ url: `/api/participants/${me.id}`, headers: as(me) })
    ).json().participant;
    expect(profile.profilePhoto).toBe(photoUrl);
  });

  it('decides the type from the bytes: a text file named .png is 415', async () => {
    const me = await participant();
    const res = await upload(
      me,
      me.id,
      multipart('photo', 'cat.png', Buffer.from('<?php system($_GET["c"]); ?>'), 'image/png'),
    );
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('Please upload a JPG or PNG image');
    const gif = await sharp(await png(10, 10))
      .gif()
      .toBuffer();
    expect(
      (await upload(me, me.id, multipart('photo', 'x.jpg', gif, 'image/jpeg'))).statusCode,
    ).toBe(415);
  });

  it('refuses a file over 2 MB with 413 and the spec message', async () => {
    const me = await participant();
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(2 * 1024 * 1024 + 10, 1)]);
    const res = await upload(me, me.id, multipart('photo', 'big.png', big, 'image/png'));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Please upload an image smaller than 2MB');
  });

  it('refuses an image over 25 megapixels with 413', async () => {
    const me = await participant();
    const huge = await sharp({
      create: { width: 6000, height: 4500, channels: 3, background: '#fff' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.length).toBeLessThan(2 * 1024 * 1024);
    const res = await upload(me, me.id, multipart('photo', 'huge.png', huge, 'image/png'));
    expect(res.statusCode).toBe(413);
  });

  it("refuses an upload to someone else's profile, a wrong field name and a non-multipart body", async () => {
    const me = await participant();
    const other = await participant();
    expect((await upload(other, me.id, multipart('photo', 'a.png', await png()))).statusCode).toBe(
      403,
    );
    expect((await upload(me, me.id, multipart('avatar', 'a.png', await png()))).statusCode).toBe(
      400,
    );
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/participants/${me.id}/upload-photo`,
      headers: as(me),
      payload: { photo: 'x' },
    });
    expect(json.statusCode).toBe(415);
  });
});

describe('earnings, export and deletion', () => {
  it('answers zero earnings before any payment, in KES', async () => {
    const me = await participant();
    const res = await t.app.inject({ url: '/api/me/earnings', headers: as(me) });
    expect(res.json().earnings).toEqual({
      totalEarned: '0.00',
      totalPaid: '0.00',
      pendingPayments: '0.00',
      completedTests: 0,
      lastPaymentAt: null,
      currency: 'KES',
    });
    expect(
      (await t.app.inject({ url: '/api/me/earnings', headers: as(await admin()) })).statusCode,
    ).toBe(403);
  });

  it('lists my payments with their study and status, a pending one too, newest first', async () => {
    const me = await participant();
    const boss = await admin();
    const study = await createStudy(t.database.db, {
      title: 'Matatu app walk',
      payRate: '1500.00',
      duration: 2,
    });
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      headers: as(me),
      payload: { participantId: me.id, testId: study.id },
    });
    expect(applied.statusCode).toBe(201);
    const applicationId = applied.json().application.id as string;
    for (const status of ['scheduled', 'completed']) {
      const moved = await t.app.inject({
        method: 'PUT',
        url: `/api/applications/${applicationId}/status`,
        headers: as(boss),
        payload: { status },
      });
      expect(moved.statusCode).toBe(200);
    }

    const res = await t.app.inject({ url: '/api/me/earnings', headers: as(me) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.earnings).toMatchObject({ pendingPayments: '3000.00', totalPaid: '0.00' });
    expect(body.payments).toEqual([
      expect.objectContaining({
        testId: study.id,
        testTitle: 'Matatu app walk',
        amount: '3000.00',
        currency: 'KES',
        status: 'pending',
        processedAt: null,
      }),
    ]);
    // Another participant's payments are not mine.
    const other = await participant();
    const theirs = await t.app.inject({ url: '/api/me/earnings', headers: as(other) });
    expect(theirs.json().payments).toEqual([]);
  });

  it('exports everything stored about me as a JSON download', async () => {
    const me = await participant();
    const study = await createStudy(t.database.db);
    await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      headers: as(me),
      payload: { participantId: me.id, testId: study.id },
    });
    const res = await t.app.inject({ url: '/api/me/export', headers: as(me) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment');
    const data = res.json();
    expect(data.participant.email).toBe(me.email);
    expect(data.applications).toHaveLength(1);
    expect(data).toHaveProperty('payments');
    expect(data).toHaveProperty('earnings');
    expect(res.body).not.toMatch(/argon2|passwordHash/);
  });

  it('deletes the person but keeps their payments, detached, with the same amounts', async () => {
    const me = await participant();
    const study = await createStudy(t.database.db);
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      headers: as(me),
      payload: { participantId: me.id, testId: study.id },
    });
    const applicationId = applied.json().application.id;
    const [payment] = await t.database.db
      .insert(payments)
      .values({
        participantId: me.id,
        testId: study.id,
        applicationId,
        amount: '3000.00',
        status: 'completed',
      })
      .returning();
    await t.database.db.insert(earnings).values({
      participantId: me.id,
      totalEarned: '3000.00',
      totalPaid: '3000.00',
      completedTests: 1,
    });

    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/participants/${me.id}`,
          headers: as(await participant()),
        })
      ).statusCode,
    ).toBe(403);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/participants/${me.id}`,
      headers: as(me),
    });
    expect(res.statusCode).toBe(200);

    const session = await t.app.inject({ url: '/api/auth/session', headers: as(me) });
    expect(session.json().user).toBeNull();
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/signin',
          payload: { email: me.email, password: TEST_PASSWORD },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      await t.database.db.select().from(applications).where(eq(applications.id, applicationId)),
    ).toHaveLength(0);
    const [kept] = await t.database.db.select().from(payments).where(eq(payments.id, payment!.id));
    expect(kept).toMatchObject({
      participantId: null,
      amount: '3000.00',
      status: 'completed',
      applicationId: null,
    });
  });

  it('lets an admin delete a participant', async () => {
    const me = await participant();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/participants/${me.id}`,
      headers: as(await admin()),
    });
    expect(res.statusCode).toBe(200);
  });
});
