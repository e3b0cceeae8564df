import { describe, expect, it } from 'vitest';
import { fitsOneSms, isGsm7, smsEncoding, smsLength, smsSegments } from './sms';

describe('isGsm7', () => {
  it('takes the basic and the extension table, in English and Kiswahili', () => {
    expect(isGsm7('Habari Amina! Kikao chako ni kesho saa 10:00 (Nairobi).')).toBe(true);
    expect(isGsm7('@£$¥èéùìòÇØøÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ¡ÄÖÑÜ§¿äöñüà\n\r')).toBe(true);
    expect(isGsm7('€ [ ] { } ~ ^ | \\')).toBe(true);
    expect(isGsm7('')).toBe(true);
  });

  it('refuses characters outside the alphabet: curly quotes, accents it lacks, emoji, tabs', () => {
    for (const text of ['it’s', '“quoted”', 'ç', 'á', 'Ksh 100 👍', 'a\tb', '`']) {
      expect(isGsm7(text), text).toBe(false);
    }
  });
});

describe('smsSegments and fitsOneSms', () => {
  it('fits 160 GSM-7 characters in one SMS, and not 161', () => {
    expect(smsSegments('a'.repeat(160))).toBe(1);
    expect(fitsOneSms('a'.repeat(160))).toBe(true);
    expect(smsSegments('a'.repeat(161))).toBe(2);
    expect(fitsOneSms('a'.repeat(161))).toBe(false);
    expect(smsSegments('')).toBe(1);
  });

  it('counts each extension character as two', () => {
    expect(smsLength('€')).toBe(2);
    expect(smsLength('[x]')).toBe(5);
    expect(fitsOneSms(`${'a'.repeat(158)}€`)).toBe(true);
    expect(fitsOneSms(`${'a'.repeat(159)}€`)).toBe(false);
    expect(fitsOneSms('{}'.repeat(40))).toBe(true);
    expect(fitsOneSms(`${'{}'.repeat(40)}a`)).toBe(false);
  });

  it('makes the whole text UCS-2 for one other character: 70 in one SMS', () => {
    const text = `${'a'.repeat(69)}’`;
    expect(smsEncoding(text)).toBe('ucs2');
    expect(fitsOneSms(text)).toBe(true);
    expect(fitsOneSms(`a${text}`)).toBe(false);
    // An extension character is one unit in UCS-2.
    expect(smsLength(`${'€'.repeat(69)}’`)).toBe(70);
    // An emoji is two UTF-16 units.
    expect(smsLength('👍')).toBe(2);
    expect(fitsOneSms(`${'a'.repeat(68)}👍`)).toBe(true);
    expect(fitsOneSms(`${'a'.repeat(69)}👍`)).toBe(false);
  });

  it('splits a long text into parts of 153 GSM-7 or 67 UCS-2 units', () => {
    expect(smsSegments('a'.repeat(306))).toBe(2);
    expect(smsSegments('a'.repeat(307))).toBe(3);
    expect(smsSegments(`${'a'.repeat(133)}’`)).toBe(2);
    expect(smsSegments(`${'a'.repeat(134)}’`)).toBe(3);
  });

  it('never splits an extension character or a surrogate pair between two parts', () => {
    // 152 septets, then € (2) does not fit the first part's 153: it starts the second.
    expect(smsSegments(`${'a'.repeat(152)}€${'a'.repeat(151)}`)).toBe(2);
    expect(smsSegments(`${'a'.repeat(152)}€${'a'.repeat(152)}`)).toBe(3);
    expect(smsSegments(`${'a'.repeat(66)}👍${'a'.repeat(65)}`)).toBe(2);
    expect(smsSegments(`${'a'.repeat(66)}👍${'a'.repeat(66)}`)).toBe(3);
  });
});
