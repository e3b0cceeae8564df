// npm start: builds when the build is missing or older than its sources, then serves.
import {
  buildIsStale,
  builtForAnotherOrigin,
  builtSiteOrigin,
  root,
  run,
  wantedSiteOrigin,
} from './lib.mjs';

if (buildIsStale()) {
  console.log('Building (the build is missing or older than its sources)...');
  const code = await run('npm', ['run', '--silent', 'build']);
  if (code !== 0) process.exit(code);
}
// Not rebuilt for it (SITE_ORIGIN is the build's own choice), but said: search engines and
// shared links would be sent to the other address.
if (builtForAnotherOrigin()) {
  console.warn(
    `Warning: the public pages were built for ${builtSiteOrigin()} (their canonical links, ` +
      `Open Graph tags and sitemap.xml), and this server's PUBLIC_URL is ${wantedSiteOrigin()}. ` +
      "Run `npm run build` with SITE_ORIGIN or PUBLIC_URL set to the site's address.",
  );
}

// Same process, so SIGTERM reaches the server's graceful shutdown directly. The server is
// the bundle of `npm run build` (plain JavaScript); stack traces point into the sources.
process.setSourceMapsEnabled(true);
process.chdir(root);
await import('../dist/server/main.mjs');
