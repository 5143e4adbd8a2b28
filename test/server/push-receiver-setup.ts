/**
 * The server project's test push service (test/push/receiver.ts), started in
 * vitest's own Node process with the certificate vitest.config.ts made and
 * had Miniflare trust. Tests inside workerd reach it over https by its
 * control API: `inject("pushReceiver")` is its origin (test/push/control.ts).
 */
import type { TestProject } from "vitest/node";
import { readTestCertificate } from "../push/certificate.ts";
import { startPushReceiver } from "../push/receiver.ts";

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const tls = readTestCertificate();
  if (!tls)
    throw new Error("no test certificate: vitest.config.ts makes it (trustTestCertificate) before loading miniflare");
  const receiver = await startPushReceiver({ tls });
  project.provide("pushReceiver", receiver.origin);
  return receiver.close;
}
