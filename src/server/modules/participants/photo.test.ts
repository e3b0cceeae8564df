import { describe, expect, it } from 'vitest';
import { checkPhotoShape, createLimiter, photoShapeMessages } from './photo';

describe('photo shape', () => {
  it('takes sides up to 8000 px and a ratio up to 10:1', () => {
    expect(() => checkPhotoShape(8000, 800)).not.toThrow();
    expect(() => checkPhotoShape(800, 8000)).not.toThrow();
    expect(() => checkPhotoShape(1, 1)).not.toThrow();
  });

  it('refuses a side over 8000 px and a ratio over 10:1 with 400', () => {
    expect(() => checkPhotoShape(8001, 8000)).toThrow(photoShapeMessages.side);
    expect(() => checkPhotoShape(100, 8001)).toThrow(photoShapeMessages.side);
    expect(() => checkPhotoShape(1001, 100)).toThrow(photoShapeMessages.ratio);
    expect(() => checkPhotoShape(100, 1001)).toThrow(photoShapeMessages.ratio);
  });
});

describe('decode limiter', () => {
  it('runs at most `limit` tasks at once and lets each waiter in, in order', async () => {
    const limiter = createLimiter(2);
    const gates: (() => void)[] = [];
    const order: number[] = [];
    let running = 0;
    let peak = 0;
    const tasks = [0, 1, 2, 3, 4].map((n) =>
      limiter.run(async () => {
        running++;
        peak = Math.max(peak, running);
        order.push(n);
        await new Promise<void>((resolve) => gates.push(resolve));
        running--;
        return n;
      }),
    );
    for (let released = 0; released < 5; released++) {
      await Promise.resolve();
      await Promise.resolve();
      expect(limiter.active).toBeLessThanOrEqual(2);
      gates.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await Promise.all(tasks)).toEqual([0, 1, 2, 3, 4]);
    expect(order).toEqual([0, 1, 2, 3, 4]);
    expect(peak).toBe(2);
    expect(limiter.active).toBe(0);
  });

  it('frees the slot when a task fails', async () => {
    const limiter = createLimiter(1);
    await expect(limiter.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(limiter.active).toBe(0);
    expect(await limiter.run(async () => 'next')).toBe('next');
  });
});
