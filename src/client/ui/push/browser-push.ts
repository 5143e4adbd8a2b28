/**
 * This browser's push subscription for "your turn" notifications: the
 * service worker registered, permission asked, and one subscription (a
 * browser has one for the site, shared by every table it plays at; each
 * table is told of it for a seat). Which tables notify this browser is kept
 * in localStorage, so that the switch shows what the table was asked.
 */
import type { PushSubscriptionJson } from "../../../protocol/index.ts";
import { getPushKey } from "../../sdk/http.ts";

export type PushSupport = "supported" | "unsupported" | "blocked";

/** Whether this browser can show the site's notifications at all, before anything is asked. */
export function pushSupport(): PushSupport {
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
    return "unsupported";
  }
  return Notification.permission === "denied" ? "blocked" : "supported";
}

/** The service's VAPID key, once a page (null: the service sends no notifications). */
let keyOnce: Promise<string | null> | undefined;
export function pushKey(): Promise<string | null> {
  keyOnce ??= getPushKey(location.origin).catch(() => null);
  return keyOnce;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

function sameKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const used = subscription.options.applicationServerKey;
  if (!used) return false;
  const bytes = new Uint8Array(used);
  return bytes.length === key.length && bytes.every((byte, i) => byte === key[i]);
}

/**
 * Asks for permission (from a click: browsers require a gesture), registers
 * the service worker and returns this browser's subscription, made anew if
 * the service's key changed. Throws `NotAllowedError` when permission is
 * refused.
 */
export async function browserSubscription(publicKey: string): Promise<PushSubscriptionJson> {
  const permission = await Notification.requestPermission();
  if (permission !== "granted") throw new DOMException("notifications not allowed", "NotAllowedError");
  await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  const registration = await navigator.serviceWorker.ready;
  const key = keyBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  return subscription.toJSON() as PushSubscriptionJson;
}

/**
 * This browser's subscription made anew, when notifications are allowed and
 * the one it has is not the one a table was given (`endpoint`): the service's
 * key changed (a rotation), or the browser replaced its subscription. Null
 * when nothing changed, or permission has gone (nothing is asked without a click).
 */
export async function renewedSubscription(publicKey: string, endpoint: string): Promise<PushSubscriptionJson | null> {
  if (pushSupport() !== "supported" || Notification.permission !== "granted") return null;
  const registration = await navigator.serviceWorker.getRegistration("/");
  const current = await registration?.pushManager.getSubscription();
  if (current && current.endpoint === endpoint && sameKey(current, keyBytes(publicKey))) return null;
  return browserSubscription(publicKey);
}

const storageKey = (tableId: string) => `chinese-checkers:push:${tableId}`;

/** The endpoint this table was asked to notify, from this browser. */
export function notifiedEndpoint(store: Storage | undefined, tableId: string): string | null {
  try {
    return store?.getItem(storageKey(tableId)) ?? null;
  } catch {
    return null;
  }
}

export function rememberNotified(store: Storage | undefined, tableId: string, endpoint: string | null): void {
  try {
    if (endpoint === null) store?.removeItem(storageKey(tableId));
    else store?.setItem(storageKey(tableId), endpoint);
  } catch {
    // Not kept: the switch shows off on the next visit, and the table still notifies.
  }
}
