import type { Database } from '../../db/client';

/** Liveness needs nothing; readiness needs the database to answer. */
export function createHealthService({ database }: { database: Pick<Database, 'ping'> }) {
  return {
    async isReady(): Promise<boolean> {
      try {
        await database.ping();
        return true;
      } catch {
        return false;
      }
    },
  };
}
export type HealthService = ReturnType<typeof createHealthService>;
