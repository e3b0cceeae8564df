import { afterAll, beforeAll } from 'vitest';
import { startE2eServer, type E2eServer } from './global-server';

type Options = Parameters<typeof startE2eServer>[0];

/**
 * A server of the spec file's own (startE2eServer), started before its tests and stopped
 * after them: for a file that enrols the e2e admin in two-step sign-in, changes a site-wide
 * setting or needs other settings. `options` may be a function, read as the server starts
 * (after the set-up registered before this call, e.g. a simulator whose address it takes).
 * Call it at the top of the file; its address is read inside the tests and hooks.
 */
export function useOwnServer(options: Options | (() => Options) = {}): Omit<E2eServer, 'stop'> {
  let server: E2eServer | undefined;
  beforeAll(async () => {
    server = await startE2eServer(typeof options === 'function' ? options() : options);
  });
  afterAll(async () => {
    await server?.stop();
  });
  const started = () => {
    if (!server) throw new Error('the server of this file starts in beforeAll');
    return server;
  };
  return {
    get baseUrl() {
      return started().baseUrl;
    },
    get serverLog() {
      return started().serverLog;
    },
    get mailDir() {
      return started().mailDir;
    },
  };
}
