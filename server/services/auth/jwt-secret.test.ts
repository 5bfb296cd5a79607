import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { JWT_SECRET_FILE, loadJwtSecret } from './jwt-secret.ts';

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-secret-'));

describe('loadJwtSecret', () => {
  it('uses JWT_SECRET when it is set and writes nothing', () => {
    const dataDir = tempDir();
    const secret = loadJwtSecret({ jwtSecret: 'x'.repeat(40), dataDir });
    expect(new TextDecoder().decode(secret)).toBe('x'.repeat(40));
    expect(fs.existsSync(path.join(dataDir, JWT_SECRET_FILE))).toBe(false);
  });

  it('generates a secret into DATA_DIR, readable by the owner only, and keeps it across starts', () => {
    const dataDir = path.join(tempDir(), 'not-yet-created');
    const first = loadJwtSecret({ jwtSecret: undefined, dataDir });
    const file = path.join(dataDir, JWT_SECRET_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadJwtSecret({ jwtSecret: undefined, dataDir })).toEqual(first);
    expect(fs.readdirSync(dataDir)).toEqual([JWT_SECRET_FILE]);
  });

  it('gives two data directories different secrets', () => {
    const a = loadJwtSecret({ jwtSecret: undefined, dataDir: tempDir() });
    const b = loadJwtSecret({ jwtSecret: undefined, dataDir: tempDir() });
    expect(a).not.toEqual(b);
  });
});
