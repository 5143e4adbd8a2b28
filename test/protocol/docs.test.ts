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
import * as v from "../../src/protocol/schema.ts";
import { createRequestBody, examples, requestBody } from "./examples.ts";

const typesOf = (values: unknown[]) => values.map((value) => (value as { type: string }).type);

describe("the documented examples are valid", () => {
  it("HTTP: the create request, the created table and the refusal", () => {
    const body = createRequestBody();
    expect(v.parse(TableSettingsSchema, body)).toEqual(body);
    const [refusal, created, ...rest] = examples("## HTTP");
    expect(rest).toEqual([]);
    expect(v.parse(ErrorResponseSchema, refusal)).toEqual(refusal);
    expect(v.parse(CreatedTableSchema, created)).toEqual(created);
  });

  it("continuing on another device: the redeeming request and its answer", () => {
    const body = requestBody("/handover");
    expect(v.parse(RedeemHandoverSchema, body)).toEqual(body);
    expect(v.safeParse(HandoverCodeSchema, (body as { code: string }).code).success).toBe(true);
    const [answer, ...rest] = examples("## Continuing on another device");
    expect(rest).toEqual([]);
    expect(v.parse(HandedOverSchema, answer)).toEqual(answer);
  });

  it("the health check: a service that can serve, and one missing a secret", () => {
    const answers = examples("## Health");
    expect(answers).toHaveLength(2);
    for (const answer of answers) expect(v.parse(HealthBodySchema, answer)).toEqual(answer);
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
    for (const message of messages) expect(v.parse(ClientMessageSchema, message)).toEqual(message);
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
    for (const message of messages) expect(v.parse(ServerMessageSchema, message)).toEqual(message);
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
    for (const event of events) expect(v.parse(TableEventSchema, event)).toEqual(event);
  });

  it("notifications: the requests, and what a push carries", () => {
    const requests = examples("### Subscribing");
    expect(typesOf(requests)).toEqual(["pushSubscribe", "pushUnsubscribe"]);
    for (const request of requests) expect(v.parse(ClientMessageSchema, request)).toEqual(request);
    const notices = examples("### What a push carries");
    expect(notices.map((notice) => (notice as { kind: string }).kind)).toEqual(["turn", "ended", "rematch"]);
    for (const notice of notices) expect(v.parse(NoticeSchema, notice)).toEqual(notice);
  });

  it("quick play: a seeker's requests, and what the pool sends, one of each type", () => {
    const requests = examples("### Seeker → pool");
    expect(typesOf(requests)).toEqual(["seek", "cancel", "fill"]);
    for (const request of requests) expect(v.parse(QuickClientMessageSchema, request)).toEqual(request);
    const messages = examples("### Pool → seeker");
    expect(typesOf(messages)).toEqual(["ack", "seeking", "waiting", "paired", "ended", "error"]);
    for (const message of messages) expect(v.parse(QuickServerMessageSchema, message)).toEqual(message);
  });

  it("the lobby: the list, and what its socket sends, one of each type", () => {
    const [list, ...messages] = examples("## The lobby");
    expect(v.parse(LobbyListSchema, list)).toEqual(list);
    expect(typesOf(messages)).toEqual(["lobby", "changes"]);
    for (const message of messages) expect(v.parse(LobbyMessageSchema, message)).toEqual(message);
  });

  it("the snapshot", () => {
    const snapshots = examples("## Snapshot");
    expect(snapshots).toHaveLength(1);
    expect(v.parse(SnapshotSchema, snapshots[0])).toEqual(snapshots[0]);
  });
});
