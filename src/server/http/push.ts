/** The push key: what a browser subscribes to "your turn" notifications with. */
import { Hono } from "hono";
import { pushConfig } from "../push/push-service.ts";
import { fail, type HonoEnv } from "./answers.ts";

export const push = new Hono<HonoEnv>();

/**
 * The service's VAPID public key, which a browser subscribes to push with
 * ("your turn" notifications); 404 push-unavailable when it sends none.
 */
push.get("/api/push/key", (c) => {
  const config = pushConfig(c.env);
  if (!config) return fail(c, 404, "push-unavailable", "this service sends no notifications");
  // Cached briefly: after a rotation, pages learn the new key within the hour and subscribe again.
  c.header("Cache-Control", "public, max-age=3600");
  return c.json({ publicKey: config.publicKey });
});
