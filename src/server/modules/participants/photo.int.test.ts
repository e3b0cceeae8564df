import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { loginAs } from '../../../../test/factories';
import { decodeLimiter, MAX_CONCURRENT_DECODES, photoShapeMessages } from './photo';

/** decisions.md section 8: photo dimensions checked from the header, two decodes at a time. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { RATE_LIMIT_PHOTO_PER_HOUR: '100000' } });
});
afterAll(async () => {
  await t.close();
});

type Who = { cookie: string; id: string };
const participant = (): Promise<Who> => loginAs(t.app, t.database.db, 'participant');

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 10, g: 90, b: 160 } } })
    .png({ compressionLevel: 9 })
    .toBuffer();

function upload(who: Who, bytes: Buffer) {
  const boundary = '----photo' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/participants/${who.id}/upload-photo`,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: who.cookie },
  });
}

describe('photo dimensions, from the header', () => {
  it('refuses a tiny 100000x250 PNG with 400 without decoding it', async () => {
    const me = await participant();
    const bomb = await png(100_000, 250);
    expect(bomb.length).toBeLessThan(200 * 1024);
    const before = process.memoryUsage().rss;
    const started = performance.now();
    const res = await upload(me, bomb);
    // Decoding it took 11 s and +485 MB; reading its header takes milliseconds.
    expect(performance.now() - started).toBeLessThan(3000);
    expect(process.memoryUsage().rss - before).toBeLessThan(150 * 1024 * 1024);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: photoShapeMessages.side,
      errors: { photo: photoShapeMessages.side },
    });
  });

  it('refuses a side over 8000 px and a ratio over 10:1, takes exactly 10:1', async () => {
    const me = await participant();
    expect((await upload(me, await png(8001, 1000))).json().message).toBe(photoShapeMessages.side);
    const long = await upload(me, await png(1001, 100));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(photoShapeMessages.ratio);
    const tall = await upload(me, await png(100, 1001));
    expect(tall.json().message).toBe(photoShapeMessages.ratio);
    expect((await upload(me, await png(1000, 100))).statusCode).toBe(200);
  });
});

describe('decoding', () => {
  it(`waits while ${MAX_CONCURRENT_DECODES} decodes are running`, async () => {
    const me = await participant();
    const image = await png(400, 300);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const busy = Array.from({ length: MAX_CONCURRENT_DECODES }, () =>
      decodeLimiter.run(() => gate),
    );
    let answered = false;
    const pending = upload(me, image).then((res) => {
      answered = true;
      return res;
    });
    try {
      // The upload reaches the limiter after its header check; it must queue there.
      await vi.waitFor(() => expect(decodeLimiter.waiting).toBe(1), { timeout: 10_000 });
      expect(answered).toBe(false);
    } finally {
      release();
      await Promise.all(busy);
    }
    expect((await pending).statusCode).toBe(200);
    expect(decodeLimiter.active).toBe(0);
  });
});

describe('serving a photo', () => {
  it('is private, no-store: personal data never stays in a cache', async () => {
    const me = await participant();
    const { photoUrl } = (await upload(me, await png(300, 300))).json();
    const served = await t.app.inject({ url: photoUrl, headers: { cookie: me.cookie } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('private, no-store');
  });
});

describe('a malformed upload', () => {
  const raw = (who: Who, contentType: string, payload: Buffer | string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/participants/${who.id}/upload-photo`,
      payload,
      headers: { 'content-type': contentType, cookie: who.cookie },
    });

  it('answers 400 with the photo field message, never 500, for broken multipart bodies', async () => {
    const me = await participant();
    const cases: [string, Buffer | string][] = [
      ['multipart/form-data', 'abc'],
      [
        'multipart/form-data; boundary=zz',
        '--yy\r\nContent-Disposition: form-data; name="photo"\r\n\r\nx\r\n--yy--\r\n',
      ],
      [
        'multipart/form-data; boundary=zz',
        Buffer.concat([
          Buffer.from(
            '--zz\r\nContent-Disposition: form-data; name="photo"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n',
          ),
          Buffer.from([0x89, 0x50, 0x4e, 0x47]),
        ]),
      ],
    ];
    for (const [type, body] of cases) {
      const res = await raw(me, type, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toHaveProperty('photo');
    }
  });
});
