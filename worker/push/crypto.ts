// The Web Push message encryption of RFC 8291 (aes128gcm content coding, RFC 8188) on the Workers' WebCrypto alone:
// the `web-push` package needs Node's crypto and does not run here (docs/decisions/227).

/** RFC 8188 record size we announce; one record carries the whole (small) payload. */
export const RECORD_SIZE = 4096;

const text = new TextEncoder();
const utf8 = (s: string) => concat(text.encode(s));

export function b64urlEncode(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function b64urlDecode(value: string): Uint8Array<ArrayBuffer> {
  const b64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

export function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
}

async function hkdf(salt: Uint8Array<ArrayBuffer>, ikm: Uint8Array<ArrayBuffer>, info: Uint8Array<ArrayBuffer>, bits: number) {
  const key = await crypto.subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits']);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt, info }, key, bits));
}

/** A P-256 public key given as its 65-byte uncompressed point. */
export function importP256Public(raw: Uint8Array<ArrayBuffer>) {
  return crypto.subtle.importKey('raw', raw, { name: 'ECDH', namedCurve: 'P-256' }, true, []);
}

/**
 * The content-encryption key and nonce both sides derive (RFC 8291 §3.4, RFC 8188 §2.2): `uaPublic` is the browser's
 * p256dh key, `asPublic` the sender's one-time key, `ecdhSecret` what ECDH between them gives.
 */
export async function deriveKeyAndNonce(ecdhSecret: Uint8Array<ArrayBuffer>, authSecret: Uint8Array<ArrayBuffer>, uaPublic: Uint8Array, asPublic: Uint8Array, salt: Uint8Array<ArrayBuffer>) {
  const keyInfo = concat(utf8('WebPush: info\0'), uaPublic, asPublic);
  const ikm = await hkdf(authSecret, ecdhSecret, keyInfo, 256);
  const cek = await hkdf(salt, ikm, utf8('Content-Encoding: aes128gcm\0'), 128);
  const nonce = await hkdf(salt, ikm, utf8('Content-Encoding: nonce\0'), 96);
  return { cek, nonce };
}

/**
 * The shared secret of an ECDH key agreement. WebCrypto names the peer's key `public`, which the Workers' types spell
 * `$public`; the runtime reads `public`.
 */
export async function ecdh(privateKey: CryptoKey, publicKey: CryptoKey): Promise<Uint8Array<ArrayBuffer>> {
  const algorithm = { name: 'ECDH', public: publicKey } as unknown as Parameters<SubtleCrypto['deriveBits']>[0];
  return new Uint8Array(await crypto.subtle.deriveBits(algorithm, privateKey, 256));
}

export type Subscriber = { p256dh: string; auth: string };
/** Fixed sender key and salt: only the RFC's worked example in tests passes them. */
export type EncryptOptions = { senderKeys?: CryptoKeyPair; salt?: Uint8Array<ArrayBuffer> };

/**
 * The request body of one push message: salt, record size, the sender's one-time public key, then one aes128gcm
 * record holding `payload` and the last-record delimiter 0x02 (RFC 8291 §4).
 */
export async function encryptPayload(subscriber: Subscriber, payload: Uint8Array, options: EncryptOptions = {}): Promise<Uint8Array<ArrayBuffer>> {
  const uaPublic = b64urlDecode(subscriber.p256dh);
  const authSecret = b64urlDecode(subscriber.auth);
  if (uaPublic.length !== 65 || uaPublic[0] !== 4) throw new Error('p256dh is not an uncompressed P-256 point');
  if (authSecret.length !== 16) throw new Error('auth is not 16 bytes');
  if (payload.length + 1 + 16 > RECORD_SIZE - 86) throw new Error('payload too large for one record');
  const sender = options.senderKeys
    ?? await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']) as CryptoKeyPair;
  const asPublic = new Uint8Array(await crypto.subtle.exportKey('raw', sender.publicKey) as ArrayBuffer);
  const ecdhSecret = await ecdh(sender.privateKey, await importP256Public(uaPublic));
  const salt = options.salt ?? crypto.getRandomValues(new Uint8Array(16));
  const { cek, nonce } = await deriveKeyAndNonce(ecdhSecret, authSecret, uaPublic, asPublic, salt);
  const key = await crypto.subtle.importKey('raw', cek, 'AES-GCM', false, ['encrypt']);
  const record = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv: nonce }, key, concat(payload, new Uint8Array([2]))));
  const header = new Uint8Array(21);
  new DataView(header.buffer).setUint32(16, RECORD_SIZE);
  header.set(salt, 0);
  header[20] = asPublic.length;
  return concat(header, asPublic, record);
}
