import { describe, expect, it } from 'vitest';
import { settleAll } from './settle-all';

describe('settleAll', () => {
  it('answers every value, in order', async () => {
    expect(await settleAll([Promise.resolve(1), Promise.resolve('two')])).toEqual([1, 'two']);
  });

  it('fails with the first failure only once every promise has ended', async () => {
    let slowEnded = false;
    let finish!: () => void;
    const slow = new Promise<number>((resolve) => {
      finish = () => {
        slowEnded = true;
        resolve(2);
      };
    });
    const failing = settleAll([Promise.reject(new Error('page lost')), slow]);
    let settled = false;
    failing.catch(() => {}).finally(() => (settled = true));
    await Promise.resolve();
    await Promise.resolve();
    expect(settled).toBe(false);
    finish();
    await expect(failing).rejects.toThrow('page lost');
    expect(slowEnded).toBe(true);
  });
});
