/** The part of http_ece (web-push-libs, no types of its own) the test push service uses. */
declare module "http_ece" {
  import type { ECDH } from "node:crypto";

  export interface DecryptParams {
    version?: "aes128gcm" | "aesgcm";
    /** The receiver's ECDH key pair (P-256). */
    privateKey?: ECDH;
    /** The subscription's 16-byte auth secret (a Buffer or base64url). */
    authSecret?: Buffer | string;
    dh?: Buffer | string;
    key?: Buffer | string;
    salt?: Buffer | string;
    keyid?: Buffer | string;
    rs?: number;
  }

  export function decrypt(buffer: Buffer, params: DecryptParams): Buffer;
  export function encrypt(buffer: Buffer, params: DecryptParams & { dh?: Buffer | string }): Buffer;
}
