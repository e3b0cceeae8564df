import { describe, expect, it } from 'vitest';
import { arrivalsText, badgeText, bellLabel } from './bell-text';

describe('the bell texts', () => {
  it('caps the badge at 9+ but names the exact count', () => {
    expect(badgeText(3)).toBe('3');
    expect(badgeText(9)).toBe('9');
    expect(badgeText(10)).toBe('9+');
    expect(bellLabel(0)).toBe('Notifications, none unread');
    expect(bellLabel(12)).toBe('Notifications, 12 unread');
    expect(arrivalsText(1)).toBe('1 unread notification');
    expect(arrivalsText(4)).toBe('4 unread notifications');
  });
});
