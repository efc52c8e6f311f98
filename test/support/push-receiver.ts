import { createECDH, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface PushedMessage {
  device: string;
  payload: Record<string, unknown>;
  receivedAt: number;
  headers: Record<string, string | string[] | undefined>;
}

interface Device {
  ecdh: ReturnType<typeof createECDH>;
  publicKey: Buffer;
  auth: Buffer;
}

/**
 * A push service for the tests and the bench: an HTTPS endpoint on loopback (a self-signed certificate the
 * worker is told to trust through PUSH_EXTRA_CA_FILE; its `hostPort` admitted by the outbound guard through
 * OUTBOUND_TEST_ALLOW, as loopback and its port are refused otherwise) that decrypts each message with its device's keys as a browser
 * does (RFC 8291, aes128gcm: RFC 8188 records) and keeps the payloads. `answer` makes a device's next
 * messages fail with a status (410 gone, 500 down).
 */
export class PushReceiver {
  readonly received: PushedMessage[] = [];
  readonly answer = new Map<string, number>();
  caFile = '';
  /** `127.0.0.1:<port>`, for OUTBOUND_TEST_ALLOW */
  hostPort = '';
  private server!: Server;
  private base = '';
  private readonly devices = new Map<string, Device>();

  async start(): Promise<void> {
    const dir = mkdtempSync(path.join(tmpdir(), 'push-'));
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2', '-subj', '/CN=127.0.0.1',
      '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')], { stdio: 'ignore' });
    this.caFile = path.join(dir, 'cert.pem');
    this.server = createServer({ key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(this.caFile) }, (req, res) => {
      const chunks: Buffer[] = [];
      // a sender killed mid-request (the crash tests) resets its connection: that request is simply lost
      req.on('error', () => undefined);
      res.on('error', () => undefined);
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const id = (req.url ?? '').split('/').pop() ?? '';
        const device = this.devices.get(id);
        if (!device) return res.writeHead(404).end();
        const status = this.answer.get(id);
        if (status) return res.writeHead(status).end();
        try {
          const payload = JSON.parse(decrypt(device, Buffer.concat(chunks)).toString('utf8')) as Record<string, unknown>;
          this.received.push({ device: id, payload, receivedAt: Date.now(), headers: req.headers });
          res.writeHead(201).end();
        } catch (err) {
          res.writeHead(400).end(String(err));
        }
      });
    });
    this.server.on('tlsClientError', () => undefined);
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.hostPort = `127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    this.base = `https://${this.hostPort}/push`;
  }

  /** A new browser: what its PushSubscription.toJSON() would give. */
  device(): { id: string; subscription: { endpoint: string; keys: { p256dh: string; auth: string } } } {
    const ecdh = createECDH('prime256v1');
    const publicKey = ecdh.generateKeys();
    const auth = randomBytes(16);
    const id = randomBytes(8).toString('hex');
    this.devices.set(id, { ecdh, publicKey, auth });
    return { id, subscription: { endpoint: `${this.base}/${id}`, keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') } } };
  }

  async waitFor(match: (m: PushedMessage) => boolean, ms = 20_000): Promise<PushedMessage> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = this.received.find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no such push within ${ms} ms; got ${this.received.length}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** RFC 8291 + RFC 8188: one aes128gcm record (a Web Push message is one). */
export function decrypt(device: Device, body: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const idLen = body[20];
  const serverKey = body.subarray(21, 21 + idLen);
  const ciphertext = body.subarray(21 + idLen);
  const shared = device.ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.publicKey, serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, device.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('bad padding delimiter');
  return padded.subarray(0, end);
}
