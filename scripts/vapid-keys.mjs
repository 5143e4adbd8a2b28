/**
 * A new VAPID key pair for "your turn" notifications, as the worker reads it
 * (src/server/push/push-service.ts): the public key as the 65-byte uncompressed P-256
 * point, the private key as its 32-byte scalar, both base64url.
 */
import { generateKeyPairSync } from "node:crypto";

export function newVapidKeys() {
  const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = privateKey.export({ format: "jwk" });
  const point = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x, "base64url"), Buffer.from(jwk.y, "base64url")]);
  return { VAPID_PUBLIC_KEY: point.toString("base64url"), VAPID_PRIVATE_KEY: jwk.d };
}

/** The variable that lets tests send pushes to loopback: never deployed. */
export const LOOPBACK_VARIABLE = "PUSH_ALLOW_LOOPBACK";
