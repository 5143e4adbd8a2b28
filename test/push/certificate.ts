/**
 * The test push service's TLS: a small certificate authority made for this
 * run and a server certificate it signs for 127.0.0.1 and localhost (both
 * P-256, made with `selfsigned` in some tens of milliseconds).
 *
 * workerd trusts only the certificates Miniflare gives it, and Miniflare
 * reads them from the file NODE_EXTRA_CA_CERTS names once, when its module is
 * first loaded (`trustedCertificates` in miniflare's core plugin). So
 * `trustTestCertificate()` must run before anything imports miniflare
 * (vitest.config.ts imports @cloudflare/vitest-plugin only after it), and a
 * `wrangler dev` started later must be given NODE_EXTRA_CA_CERTS in its
 * environment (test/e2e/global-setup.ts). The CA is what is trusted, as a
 * client's `ca` (workerd's TLS, rustls, was seen to accept the server
 * certificate itself named there as well; without either it refuses the
 * handshake: "invalid peer certificate: UnknownIssuer").
 *
 * The files live in a new temporary folder, removed when this process exits;
 * their paths are passed on in the environment (PUSH_TLS_*), so that a
 * vitest globalSetup in the same process (or a child) serves with the very
 * certificate that was trusted: `readTestCertificate()`.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generate } from "selfsigned";

export interface TestCertificate {
  /** The CA's certificate (PEM): what a client trusts. */
  readonly caPem: string;
  /** The server's certificate (PEM), for 127.0.0.1 and localhost, signed by the CA. */
  readonly certPem: string;
  /** The server's private key (PEM, PKCS #8). */
  readonly keyPem: string;
}

/** Environment variables naming the files of the certificate trusted in this process. */
export const TLS_ENV = { ca: "PUSH_TLS_CA_FILE", cert: "PUSH_TLS_CERT_FILE", key: "PUSH_TLS_KEY_FILE" } as const;

const DAY_MS = 86_400_000;

/** A new CA and a server certificate for 127.0.0.1 and localhost that it signs, valid from yesterday for two days. */
export async function makeTestCertificate(): Promise<TestCertificate> {
  const notBeforeDate = new Date(Date.now() - DAY_MS); // a clock a little behind still accepts it
  const notAfterDate = new Date(Date.now() + 2 * DAY_MS);
  // A name of its own: a client trusting another run's CA must not take it for this one's issuer.
  const name = `Chinese Checkers test push CA ${randomBytes(4).toString("hex")}`;
  const ca = await generate([{ name: "commonName", value: name }], {
    keyType: "ec",
    algorithm: "sha256",
    notBeforeDate,
    notAfterDate,
    extensions: [
      { name: "basicConstraints", cA: true, pathLenConstraint: 0, critical: true },
      { name: "keyUsage", keyCertSign: true, cRLSign: true, digitalSignature: true, critical: true },
    ],
  });
  const server = await generate([{ name: "commonName", value: "127.0.0.1" }], {
    keyType: "ec",
    algorithm: "sha256",
    notBeforeDate,
    notAfterDate,
    ca: { key: ca.private, cert: ca.cert },
    extensions: [
      { name: "basicConstraints", cA: false, critical: true },
      { name: "keyUsage", digitalSignature: true, critical: true },
      { name: "extKeyUsage", serverAuth: true },
      {
        name: "subjectAltName",
        altNames: [
          { type: 7, ip: "127.0.0.1" },
          { type: 2, value: "localhost" },
        ],
      },
    ],
  });
  return { caPem: ca.cert, certPem: server.cert, keyPem: server.private };
}

/** The certificate `trustTestCertificate` made in this process (or a parent), read from the files PUSH_TLS_* name; undefined if none. */
export function readTestCertificate(): TestCertificate | undefined {
  const files = [process.env[TLS_ENV.ca], process.env[TLS_ENV.cert], process.env[TLS_ENV.key]];
  if (!files.every((file): file is string => file !== undefined && existsSync(file))) return undefined;
  const [caPem, certPem, keyPem] = files.map((file) => readFileSync(file, "utf8")) as [string, string, string];
  return { caPem, certPem, keyPem };
}

/**
 * Makes the test certificate (once per process tree: an earlier one named in
 * PUSH_TLS_* is kept), writes it to a temporary folder, and points
 * NODE_EXTRA_CA_CERTS at a file holding the CA after the certificates of the
 * file it named before, if any. Node reads NODE_EXTRA_CA_CERTS only when it
 * starts, so this process's own `fetch` does not trust the CA; Miniflare
 * loaded after this call, and child processes started after it, do.
 */
export async function trustTestCertificate(): Promise<TestCertificate> {
  const existing = readTestCertificate();
  if (existing) return existing;
  const certificate = await makeTestCertificate();
  const dir = mkdtempSync(join(tmpdir(), "cc-push-tls-"));
  process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, text: string) => {
    const file = join(dir, name);
    writeFileSync(file, text, { mode: 0o600 });
    return file;
  };
  let before = "";
  const previous = process.env.NODE_EXTRA_CA_CERTS;
  if (previous) {
    try {
      before = readFileSync(previous, "utf8");
      if (!before.endsWith("\n")) before += "\n";
    } catch {
      // Unreadable: Node and Miniflare would ignore it too.
    }
  }
  process.env[TLS_ENV.ca] = write("ca.pem", certificate.caPem);
  process.env[TLS_ENV.cert] = write("cert.pem", certificate.certPem);
  process.env[TLS_ENV.key] = write("key.pem", certificate.keyPem);
  process.env.NODE_EXTRA_CA_CERTS = write("extra-ca-certs.pem", before + certificate.caPem);
  return certificate;
}
