const consentPath = '/api/me/consent';

/** The signed-in participant's consent: the accepted versions and the two mail choices. */
export const consentKeys = {
  path: consentPath,
  mine: [consentPath] as const,
};
