/**
 * The message catalogues: one JSON file per namespace and language under catalogues/,
 * ICU MessageFormat strings keyed by id. English is the reference: its keys are the type
 * of every key, and tests hold the Kiswahili catalogue to the same keys and arguments.
 * A page loads only its own namespaces, in the active language only.
 */
import type common from './catalogues/en/common.json';
import type ui from './catalogues/en/ui.json';
import type validation from './catalogues/en/validation.json';
import type errors from './catalogues/en/errors.json';
import type mail from './catalogues/en/mail.json';
import type home from './catalogues/en/home.json';
import type about from './catalogues/en/about.json';
import type services from './catalogues/en/services.json';
import type research from './catalogues/en/research.json';
import type leads from './catalogues/en/leads.json';
import type auth from './catalogues/en/auth.json';
import type registration from './catalogues/en/registration.json';
import type dashboard from './catalogues/en/dashboard.json';
import type profile from './catalogues/en/profile.json';
import type legal from './catalogues/en/legal.json';
import type recruiting from './catalogues/en/recruiting.json';

export const namespaces = [
  'common',
  'ui',
  'validation',
  'errors',
  'mail',
  'home',
  'about',
  'services',
  'research',
  'leads',
  'auth',
  'registration',
  'dashboard',
  'profile',
  'legal',
  'recruiting',
] as const;
export type Namespace = (typeof namespaces)[number];

export type Catalogues = {
  common: typeof common;
  ui: typeof ui;
  validation: typeof validation;
  errors: typeof errors;
  mail: typeof mail;
  home: typeof home;
  about: typeof about;
  services: typeof services;
  research: typeof research;
  leads: typeof leads;
  auth: typeof auth;
  registration: typeof registration;
  dashboard: typeof dashboard;
  profile: typeof profile;
  legal: typeof legal;
  recruiting: typeof recruiting;
};

export type MessageKey<N extends Namespace> = keyof Catalogues[N] & string;
export type MessageArgs = Record<string, string | number | Date>;
