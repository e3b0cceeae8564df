import { describe, expect, it } from 'vitest';
import { pgDumpInvocation } from './backup';

describe('pg_dump for npm run db:backup', () => {
  it('passes the password in PGPASSWORD, never on the command line', () => {
    const { args, env } = pgDumpInvocation(
      'postgres://backup:S3cret%40pw@db.internal:5432/insightlab?sslmode=require',
      '/data/backups/x.dump',
    );
    expect(args.join(' ')).not.toContain('S3cret');
    expect(args.at(-1)).toBe('postgres://backup@db.internal:5432/insightlab?sslmode=require');
    expect(env).toEqual({ PGPASSWORD: 'S3cret@pw' });
  });

  it('adds nothing to the environment when the URL has no password', () => {
    expect(pgDumpInvocation('postgres://postgres@127.0.0.1/test', 'f').env).toEqual({});
  });
});
