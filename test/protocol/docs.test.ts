/**
 * Every JSON example of docs/protocol.md is a message the schemas accept,
 * unchanged: the document and the wire agree.
 */
import { describe, expect, it } from "vitest";
import {
  ClientMessageSchema,
  CreatedTableSchema,
  ErrorResponseSchema,
  HandedOverSchema,
  HandoverCodeSchema,
  HealthBodySchema,
  LobbyListSchema,
  LobbyMessageSchema,
  NoticeSchema,
  QuickClientMessageSchema,
  QuickServerMessageSchema,
  RedeemHandoverSchema,
  ServerMessageSchema,
  SnapshotSchema,
  TableEventSchema,
  TableSettingsSchema,
} from "../../src/protocol/index.ts";
import { createRequestBody, examples, requestBody } from "./examples.ts";

const typesOf = (values: unknown[]) => values.map((value) => (value as { type: string }).type);

describe("the documented examples are valid", () => {
  it("HTTP: the create request, the created table and the refusal", () => {
    const body = createRequestBody();
    expect(TableSettingsSchema.parse(body)).toEqual(body);
    const [refusal, created, ...rest] = examples("## HTTP");
    expect(rest).toEqual([]);
    expect(ErrorResponseSchema.parse(refusal)).toEqual(refusal);
    expect(CreatedTableSchema.parse(created)).toEqual(created);
  });

  it("continuing on another device: the redeeming request and its answer", () => {
    const body = requestBody("/handover");
    expect(RedeemHandoverSchema.parse(body)).toEqual(body);
    expect(HandoverCodeSchema.safeParse((body as { code: string }).code).success).toBe(true);
    const [answer, ...rest] = examples("## Continuing on another device");
    expect(rest).toEqual([]);
    expect(HandedOverSchema.parse(answer)).toEqual(answer);
  });

  it("the health check: a service that can serve, and one missing a secret", () => {
    const answers = examples("## Health");
    expect(answers).toHaveLength(2);
    for (const answer of answers) expect(HealthBodySchema.parse(answer)).toEqual(answer);
    expect(answers.map((answer) => (answer as { ok: boolean }).ok)).toEqual([true, false]);
  });

  it("client messages: one of each type", () => {
    const messages = examples("### Client → server");
    expect(typesOf(messages)).toEqual([
      "hello",
      "join",
      "start",
      "move",
      "leave",
      "remove",
      "addComputer",
      "rematch",
      "swap",
      "firstPlayer",
      "listing",
      "back",
      "remedy",
      "handover",
      "sync",
    ]);
    for (const message of messages) expect(ClientMessageSchema.parse(message)).toEqual(message);
  });

  it("server messages: one of each type", () => {
    const [snapshot] = examples("## Snapshot");
    // The welcome's snapshot is elided in the document ("see below"): the snapshot example stands in.
    const messages = examples("### Server → client").map((message) =>
      (message as { type: string }).type === "welcome" ? { ...(message as object), snapshot } : message,
    );
    expect(typesOf(messages)).toEqual([
      "event",
      "welcome",
      "identity",
      "joined",
      "handoverCode",
      "ack",
      "presence",
      "error",
    ]);
    for (const message of messages) expect(ServerMessageSchema.parse(message)).toEqual(message);
  });

  it("events: one of each type, and a capture", () => {
    const events = examples("### Events");
    expect(typesOf(events)).toEqual([
      "created",
      "seated",
      "seated",
      "unseated",
      "swapOffered",
      "swapped",
      "firstPlayerChosen",
      "listing",
      "rematchAccepted",
      "started",
      "moved",
      "moved",
      "moved",
      "passed",
      "away",
      "back",
      "resigned",
      "finished",
      "ended",
    ]);
    for (const event of events) expect(TableEventSchema.parse(event)).toEqual(event);
  });

  it("notifications: the requests, and what a push carries", () => {
    const requests = examples("### Subscribing");
    expect(typesOf(requests)).toEqual(["pushSubscribe", "pushUnsubscribe"]);
    for (const request of requests) expect(ClientMessageSchema.parse(request)).toEqual(request);
    const notices = examples("### What a push carries");
    expect(notices.map((notice) => (notice as { kind: string }).kind)).toEqual(["turn", "ended", "rematch"]);
    for (const notice of notices) expect(NoticeSchema.parse(notice)).toEqual(notice);
  });

  it("quick play: a seeker's requests, and what the pool sends, one of each type", () => {
    const requests = examples("### Seeker → pool");
    expect(typesOf(requests)).toEqual(["seek", "cancel", "fill"]);
    for (const request of requests) expect(QuickClientMessageSchema.parse(request)).toEqual(request);
    const messages = examples("### Pool → seeker");
    expect(typesOf(messages)).toEqual(["ack", "seeking", "waiting", "paired", "ended", "error"]);
    for (const message of messages) expect(QuickServerMessageSchema.parse(message)).toEqual(message);
  });

  it("the lobby: the list, and what its socket sends, one of each type", () => {
    const [list, ...messages] = examples("## The lobby");
    expect(LobbyListSchema.parse(list)).toEqual(list);
    expect(typesOf(messages)).toEqual(["lobby", "changes"]);
    for (const message of messages) expect(LobbyMessageSchema.parse(message)).toEqual(message);
  });

  it("the snapshot", () => {
    const snapshots = examples("## Snapshot");
    expect(snapshots).toHaveLength(1);
    expect(SnapshotSchema.parse(snapshots[0])).toEqual(snapshots[0]);
  });
});
