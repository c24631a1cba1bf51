import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

/*
 * A browser's push service on 127.0.0.1, over HTTPS with a certificate made here: it keeps what
 * the server POSTs to each endpoint, and answers as a push service does (201, or the status a
 * test asks of an endpoint: 410 for a device that is gone, 429 with Retry-After). A subscriber
 * made here holds the keys a browser would, and decrypts what it receives (RFC 8291,
 * aes128gcm) with them; `checkVapid` checks the request's VAPID signature (RFC 8292).
 */

export type Received = { endpoint: string; headers: Record<string, string>; body: Buffer; at: number };

export type PushService = {
  origin: string;
  /** The certificate to trust (NODE_EXTRA_CA_CERTS for a server process). */
  certFile: string;
  cert: string;
  received: Received[];
  /** Answers `status` (with these headers) to the POSTs to `endpoint`, until set back to 201. */
  answer(endpoint: string, status: number, headers?: Record<string, string>): void;
  close(): Promise<void>;
};

/** Makes a self-signed certificate for 127.0.0.1 (openssl), in a folder of its own. */
export function makeCertificate() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pawpal-push-tls-"));
  const keyFile = path.join(dir, "key.pem");
  const certFile = path.join(dir, "cert.pem");
  execFileSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"],
      ...["-keyout", keyFile, "-out", certFile, "-days", "2", "-subj", "/CN=127.0.0.1"],
      ...["-addext", "subjectAltName=IP:127.0.0.1"],
    ],
    { stdio: "ignore" },
  );
  return { dir, keyFile, certFile };
}

export async function startPushService(certificate = makeCertificate(), port = 0): Promise<PushService> {
  const received: Received[] = [];
  const answers = new Map<string, { status: number; headers: Record<string, string> }>();
  let origin = "";
  const server = https.createServer(
    { key: fs.readFileSync(certificate.keyFile), cert: fs.readFileSync(certificate.certFile) },
    (request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const endpoint = `${origin}${request.url}`;
        const planned = answers.get(endpoint) ?? { status: 201, headers: {} };
        if (request.method === "POST" && planned.status === 201)
          received.push({
            endpoint,
            headers: request.headers as Record<string, string>,
            body: Buffer.concat(chunks),
            at: Date.now(),
          });
        response.writeHead(request.method === "POST" ? planned.status : 405, planned.headers).end();
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const cert = fs.readFileSync(certificate.certFile, "utf8");
  return {
    origin,
    certFile: certificate.certFile,
    cert,
    received,
    answer: (endpoint, status, headers = {}) =>
      status === 201 ? answers.delete(endpoint) : answers.set(endpoint, { status, headers }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A browser's side of a subscription: what it posts (toJSON) and the keys that decrypt. */
export function makeSubscriber(endpoint: string) {
  const ecdh = crypto.createECDH("prime256v1");
  const publicKey = ecdh.generateKeys();
  const authSecret = crypto.randomBytes(16);
  return {
    json: {
      endpoint,
      keys: { p256dh: publicKey.toString("base64url"), auth: authSecret.toString("base64url") },
    },
    /** The plaintext of an aes128gcm body encrypted for this subscriber (RFC 8291, one record). */
    decrypt(body: Buffer): string {
      const salt = body.subarray(0, 16);
      const idLength = body[20]!;
      const serverKey = body.subarray(21, 21 + idLength);
      const ciphertext = body.subarray(21 + idLength);
      const shared = ecdh.computeSecret(serverKey);
      const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), publicKey, serverKey]);
      const ikm = Buffer.from(crypto.hkdfSync("sha256", shared, authSecret, keyInfo, 32));
      const cek = Buffer.from(crypto.hkdfSync("sha256", ikm, salt, "Content-Encoding: aes128gcm\0", 16));
      const nonce = Buffer.from(crypto.hkdfSync("sha256", ikm, salt, "Content-Encoding: nonce\0", 12));
      const decipher = crypto.createDecipheriv("aes-128-gcm", cek, nonce);
      decipher.setAuthTag(ciphertext.subarray(-16));
      const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, -16)), decipher.final()]);
      // The last record ends with the delimiter 0x02, then any padding of zeros.
      return padded.subarray(0, padded.lastIndexOf(2)).toString("utf8");
    },
  };
}

/**
 * The request's VAPID signature (Authorization: vapid t=JWT, k=key), checked as a push service
 * does: signed by `publicKey` (ES256), for the endpoint's origin, expiring within 24 hours.
 * Answers the JWT's claims; throws when anything is off.
 */
export function checkVapid(received: Received, publicKey: string) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(received.headers.authorization ?? "");
  if (!match) throw new Error(`No VAPID authorization: ${received.headers.authorization}`);
  const [, jwt, key] = match as unknown as [string, string, string];
  if (key !== publicKey) throw new Error("Signed with another key than the server's");
  const [header, claims, signature] = jwt.split(".") as [string, string, string];
  const point = Buffer.from(key, "base64url");
  const verifier = crypto.createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33).toString("base64url"),
    },
    format: "jwk",
  });
  const valid = crypto.verify(
    "sha256",
    Buffer.from(`${header}.${claims}`),
    { key: verifier, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!valid) throw new Error("The VAPID signature does not verify");
  const decoded = JSON.parse(Buffer.from(claims, "base64url").toString("utf8")) as {
    aud: string;
    exp: number;
    sub: string;
  };
  const now = Date.now() / 1000;
  if (decoded.aud !== new URL(received.endpoint).origin) throw new Error(`aud ${decoded.aud}`);
  if (!(decoded.exp > now && decoded.exp <= now + 24 * 3600)) throw new Error(`exp ${decoded.exp}`);
  if (!/^(mailto:|https:)/.test(decoded.sub)) throw new Error(`sub ${decoded.sub}`);
  if (received.headers["content-encoding"] !== "aes128gcm") throw new Error("Not aes128gcm");
  return decoded;
}
