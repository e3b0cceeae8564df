import { describe, expect, it } from 'vitest';
import { localizedPath, publicPageLanguage, publicPageOf } from '../paths';
import { languageFromAcceptLanguage } from './languages';
import { registerCatalogue, translate } from './runtime';

describe('Accept-Language (decisions.md section 13: en or sw, English otherwise)', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['sw', 'sw'],
    ['sw-KE,sw;q=0.9,en;q=0.8', 'sw'],
    ['en-GB,en;q=0.9,sw;q=0.8', 'en'],
    ['fr, sw;q=0.8', 'sw'],
    ['fr, de', 'en'],
    ['en;q=0.2, sw;q=0.9', 'sw'],
    ['sw;q=0', 'en'],
    ['*', 'en'],
    ['sw;q=abc', 'en'],
    [`${'x,'.repeat(600)}sw`, 'en'],
  ])('%j answers %s', (header, expected) => {
    expect(languageFromAcceptLanguage(header)).toBe(expected);
  });
});

describe('public pages in two languages', () => {
  it('puts a public page under /sw in Kiswahili and leaves every other path alone', () => {
    expect(localizedPath('/', 'sw')).toBe('/sw');
    expect(localizedPath('/about', 'sw')).toBe('/sw/about');
    expect(localizedPath('/about#privacy', 'sw')).toBe('/sw/about#privacy');
    expect(localizedPath('/services?x=1', 'sw')).toBe('/sw/services?x=1');
    expect(localizedPath('/about', 'en')).toBe('/about');
    expect(localizedPath('/participant/dashboard', 'sw')).toBe('/participant/dashboard');
    expect(localizedPath('/login', 'sw')).toBe('/login');
  });

  it('reads the language of a public page from its URL, and none from other paths', () => {
    expect(publicPageOf('/sw')).toEqual({ path: '/', language: 'sw' });
    expect(publicPageOf('/sw/')).toEqual({ path: '/', language: 'sw' });
    expect(publicPageOf('/sw/research-validation')).toEqual({
      path: '/research-validation',
      language: 'sw',
    });
    expect(publicPageOf('/about')).toEqual({ path: '/about', language: 'en' });
    expect(publicPageLanguage('/sw/login')).toBeNull();
    expect(publicPageLanguage('/sw/sw/about')).toBeNull();
    expect(publicPageLanguage('/participant/dashboard')).toBeNull();
    expect(publicPageLanguage('/swahili')).toBeNull();
  });
});

describe('translate', () => {
  it('falls back to English, then to the key, when a message is not loaded', () => {
    registerCatalogue('en', 'mail', { 'probe.only-en': () => 'English only' });
    expect(translate('sw', 'mail', 'probe.only-en' as never)).toBe('English only');
    expect(translate('sw', 'mail', 'probe.nowhere' as never)).toBe('probe.nowhere');
  });
});
