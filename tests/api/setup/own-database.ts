import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { loadConfig, type Config } from '../../../src/server/config';
import { openDatabase, type Database } from '../../../src/server/db/connect';

export interface OwnDatabase {
  /** a server config on this database (no web app, silent log) */
  config: Config;
  /** the embedded database the instances share (one PGlite per process); absent on PostgreSQL */
  shared?: Database;
  drop(): Promise<void>;
}

/**
 * An empty database of a test file's own, for servers started in the test process: in the PostgreSQL
 * pass (DATABASE_URL) a new database on the same PostgreSQL server, dropped afterwards; otherwise a
 * new embedded database, opened once and shared by the instances the test starts.
 */
export async function ownDatabase(env: Record<string, string> = {}): Promise<OwnDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'museum-own-'));
  const base = {
    ...loadConfig({
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: inject('adminPassword'),
      LOG_LEVEL: 'silent',
      ...env,
    }),
    webDir: undefined,
  };
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (inject('dbKind') !== 'postgres') {
    const config = { ...base, databaseUrl: undefined };
    const shared = await openDatabase(config);
    return {
      config,
      shared,
      drop: async () => {
        await shared.close();
        removeDir();
      },
    };
  }
  const server = new URL(process.env.DATABASE_URL!);
  const name = `museum_own_${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: server.toString() });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    config: { ...base, databaseUrl: url.toString() },
    drop: async () => {
      await admin(`drop database if exists ${name} with (force)`);
      removeDir();
    },
  };
}
