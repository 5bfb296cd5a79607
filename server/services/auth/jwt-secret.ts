/**
 * The key that signs session tokens: JWT_SECRET when set; otherwise one generated on first start
 * and kept in DATA_DIR (readable by the server's user only), so sessions survive a restart.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.ts';

export const JWT_SECRET_FILE = 'jwt-secret';

export function loadJwtSecret(config: Pick<Config, 'jwtSecret' | 'dataDir'>): Uint8Array {
  if (config.jwtSecret) return new TextEncoder().encode(config.jwtSecret);
  const file = path.join(config.dataDir, JWT_SECRET_FILE);
  fs.mkdirSync(config.dataDir, { recursive: true });
  if (!fs.existsSync(file)) {
    // Written aside, then linked into place: link fails when the file exists, so two processes
    // starting at once agree on the first one's key and nobody reads a half-written file.
    const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(temp, randomBytes(48).toString('base64url'), { mode: 0o600 });
    try {
      fs.linkSync(temp, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new Error(`cannot create the JWT secret file ${file}`, { cause: err });
      }
    } finally {
      fs.rmSync(temp, { force: true });
    }
  }
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new Error(`${file} holds fewer than 32 characters: delete it or set JWT_SECRET`);
  return new TextEncoder().encode(secret);
}
