/** Types of vapid-keys.mjs, which the test configuration (TypeScript) imports. */
export function newVapidKeys(): { VAPID_PUBLIC_KEY: string; VAPID_PRIVATE_KEY: string };
export const LOOPBACK_VARIABLE: "PUSH_ALLOW_LOOPBACK";
