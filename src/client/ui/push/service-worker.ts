/**
 * The service worker (served as /sw.js, scope the whole site): it shows a
 * table's push as a notification in the player's language, and opens the
 * table when the notification is clicked (focusing a tab that has it open).
 * It caches nothing: the page works as it does without it.
 *
 * The client's tsconfig has the DOM's types, not a worker's (the two cannot
 * be in one program): the few a service worker adds are declared below.
 */
import { type Notice, NoticeSchema } from "../../../protocol/index.ts";
import { checked } from "../../../protocol/schema.ts";
import { en } from "../i18n/en.ts";
import { fi } from "../i18n/fi.ts";
import { I18n } from "../i18n/index.ts";
import { nb } from "../i18n/nb.ts";
import { sv } from "../i18n/sv.ts";
import { noticeText } from "./notice-text.ts";

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEvent extends ExtendableEvent {
  readonly data: { json(): unknown } | null;
}
interface NotificationEvent extends ExtendableEvent {
  readonly notification: Notification;
}
interface WindowClient {
  readonly url: string;
  focus(): Promise<WindowClient>;
}
interface ServiceWorkerScope {
  readonly registration: ServiceWorkerRegistration;
  readonly location: Location;
  readonly clients: {
    matchAll(options: { type: "window"; includeUncontrolled: boolean }): Promise<readonly WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
    claim(): Promise<void>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "push", listener: (event: PushEvent) => void): void;
  addEventListener(type: "notificationclick", listener: (event: NotificationEvent) => void): void;
}

const worker = self as unknown as ServiceWorkerScope;
const TRANSLATIONS = { en, fi, sv, nb };

// A new version takes over at once: it holds no state a page depends on.
worker.addEventListener("install", (event) => event.waitUntil(worker.skipWaiting()));
worker.addEventListener("activate", (event) => event.waitUntil(worker.clients.claim()));

worker.addEventListener("push", (event) => {
  let data: unknown = null;
  try {
    data = event.data?.json() ?? null;
  } catch {
    // Not JSON: not ours.
  }
  const notice = checked(NoticeSchema, data);
  // A browser asks for a notification on every push; one that is not a table's is dropped all the same.
  if (notice.ok) event.waitUntil(show(notice.value));
});

worker.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url: unknown = event.notification.data?.url;
  event.waitUntil(openTable(typeof url === "string" ? url : "/"));
});

function show(notice: Notice): Promise<void> {
  const { title, body } = noticeText(notice, new I18n(TRANSLATIONS[notice.lang]), Date.now());
  return worker.registration.showNotification(title, {
    body,
    lang: notice.lang,
    // One notification a table: the newest replaces the one before.
    tag: `table:${notice.table}`,
    data: { url: notice.url, kind: notice.kind },
  });
}

/** Focuses a tab that has the table open, or opens one. Only a path of this site is opened. */
async function openTable(path: string): Promise<void> {
  const target = new URL(path.startsWith("/t/") ? path : "/", worker.location.origin);
  const windows = await worker.clients.matchAll({ type: "window", includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).pathname === target.pathname);
  if (open) await open.focus();
  else await worker.clients.openWindow(target.href);
}
