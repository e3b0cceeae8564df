import { config } from 'zod/v4/core';

// zod compiles object parsers with `new Function` when it may; it finds out by trying,
// which the page's Content-Security-Policy (script-src 'self', no 'unsafe-eval') refuses and
// reports as a violation (Lighthouse's best practices: inspector issues). In the browser
// it parses without compiling; forms are small, the server keeps the compiled parsers.
config({ jitless: true });
