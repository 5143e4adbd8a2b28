/**
 * The test push service's control API as functions, for tests that cannot
 * call the receiver object: the server tests inside workerd, and test files
 * in processes other than the one that started it. Nothing but `fetch`:
 *
 *   const push = pushControl(inject("pushReceiver"));
 *   const subscription = await push.subscribe();
 *   … the worker pushes to subscription.endpoint …
 *   const [delivery] = await push.deliveries(subscription.endpoint, { count: 1 });
 *   expect(await push.rejected()).toEqual([]);
 *
 * See test/push/receiver.ts for what is checked and the HTTP routes.
 */
import type { PushDelivery, PushRejection, PushSubscriptionJSON } from "./receiver.ts";

export type { PushDelivery, PushRejection, PushSubscriptionJSON };

export interface PushControl {
  readonly origin: string;
  /** A new subscription, as a browser's PushSubscription.toJSON(); with `applicationServerKey`, pushes signed by another key are refused. */
  subscribe(options?: { applicationServerKey?: string }): Promise<PushSubscriptionJSON>;
  /**
   * The deliveries to `endpoint` (all if undefined), oldest first. With
   * `count`, waits until there are that many, and throws after `timeoutMs`
   * (default 5000).
   */
  deliveries(endpoint?: string, wait?: { count: number; timeoutMs?: number }): Promise<PushDelivery[]>;
  /** The next `times` (default 1) pushes to `endpoint` are answered `status`, with `Retry-After: retryAfter` if given. */
  failNext(endpoint: string, status: number, times?: number, retryAfter?: number): Promise<void>;
  /** Pushes to `endpoint` are answered 410 Gone from now on. */
  expire(endpoint: string): Promise<void>;
  /** The next push to `endpoint` is answered only `ms` later, as by a slow push service. */
  hold(endpoint: string, ms: number): Promise<void>;
  /** Every push refused by a check so far (by any test sharing the receiver). */
  rejected(): Promise<PushRejection[]>;
}

export function pushControl(origin: string, fetcher: typeof fetch = fetch): PushControl {
  const call = async (method: string, path: string, body?: unknown): Promise<Response> => {
    const response = await fetcher(`${origin}${path}`, {
      method,
      ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
    });
    if (!response.ok && response.status !== 408) {
      throw new Error(`push receiver ${method} ${path}: ${response.status} ${await response.text()}`);
    }
    return response;
  };
  return {
    origin,
    subscribe: async (options = {}) =>
      (await (await call("POST", "/control/subscribe", options)).json()) as PushSubscriptionJSON,
    deliveries: async (endpoint, wait) => {
      const query = new URLSearchParams();
      if (endpoint !== undefined) query.set("endpoint", endpoint);
      if (wait) {
        query.set("count", String(wait.count));
        query.set("timeoutMs", String(wait.timeoutMs ?? 5000));
      }
      const response = await call("GET", `/control/deliveries?${query}`);
      const list = (await response.json()) as PushDelivery[];
      if (response.status === 408) {
        throw new Error(
          `push receiver: ${list.length} of ${wait?.count} pushes to ${endpoint ?? "any endpoint"} within ${wait?.timeoutMs ?? 5000} ms`,
        );
      }
      return list;
    },
    failNext: async (endpoint, status, times = 1, retryAfter) => {
      await call("POST", "/control/fail", {
        endpoint,
        status,
        times,
        ...(retryAfter === undefined ? {} : { retryAfter }),
      });
    },
    expire: async (endpoint) => {
      await call("POST", "/control/expire", { endpoint });
    },
    hold: async (endpoint, ms) => {
      await call("POST", "/control/hold", { endpoint, ms });
    },
    rejected: async () => (await (await call("GET", "/control/rejected")).json()) as PushRejection[],
  };
}
