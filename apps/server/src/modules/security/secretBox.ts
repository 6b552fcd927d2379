import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The server's keys for two-factor secrets, recovery-code hashes and sign-in challenges, all derived
 * (HKDF) from one master. With APP_SECRET the master is APP_SECRET, so every node agrees. Without it
 * the master is a random key kept in `DATA_DIR/secrets/security.key` (created on first use, mode
 * 0600), so two-factor survives restarts of a single node; losing that file (or changing
 * APP_SECRET) makes existing two-factor set-ups unusable: staff then reset them.
 */
export interface SecretBox {
  seal(plain: string, context: string): string;
  open(sealed: string, context: string): string | null;
  mac(purpose: string, data: string): string;
}

const KEY_FILE = path.join('secrets', 'security.key');

function fileMaster(dataDir: string): Buffer {
  const file = path.join(dataDir, KEY_FILE);
  try {
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  } catch {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    try {
      // `wx`: if another process won the race, read what it wrote instead of overwriting it.
      writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
    } catch {
      /* created meanwhile */
    }
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  }
}

export function createSecretBox(opts: { appSecret: string | undefined; dataDir: string }): SecretBox {
  let master: Buffer | undefined;
  const keys = new Map<string, Buffer>();
  const key = (purpose: string): Buffer => {
    master ??= opts.appSecret ? Buffer.from(opts.appSecret, 'utf8') : fileMaster(opts.dataDir);
    let k = keys.get(purpose);
    if (!k) {
      k = Buffer.from(hkdfSync('sha256', master, 'openbroker-security', purpose, 32));
      keys.set(purpose, k);
    }
    return k;
  };

  return {
    /** AES-256-GCM; the context (e.g. the user id) is bound as associated data. */
    seal(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key('seal'), iv);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed, context) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key('seal'), Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(context));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        return null; // another key (APP_SECRET changed) or a tampered row
      }
    },
    mac(purpose, data) {
      return createHmac('sha256', key(`mac:${purpose}`))
        .update(data)
        .digest('base64url');
    },
  };
}

/** Constant-time comparison of two MACs. */
export function sameMac(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
