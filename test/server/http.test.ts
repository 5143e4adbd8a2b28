import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ErrorBody, Snapshot } from "../../src/protocol/index.ts";
import {
  api,
  closeAll,
  createTable,
  getSnapshot,
  hello,
  ORIGIN,
  playOne,
  postJson,
  setUpTable,
  stub,
  unknownTableId,
} from "./helpers.ts";

async function errorOf(response: Response): Promise<ErrorBody> {
  expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
  return ((await response.json()) as { error: ErrorBody }).error;
}

describe("POST /api/tables creates a table", () => {
  it("answers 201 with an unguessable id, the share link and a secret host token", async () => {
    const response = await postJson("/api/tables", { variant: "classic", players: 3 });
    expect(response.status).toBe(201);
    const body = (await response.json()) as Record<string, string>;
    expect(Object.keys(body).sort()).toEqual(["hostToken", "id", "shareLink"]);
    expect(body.id).toMatch(/^[A-Za-z0-9_-]{24}$/); // 96 random bits and a 48-bit signature
    expect(body.shareLink).toBe(`${ORIGIN}/t/${body.id}`);
    expect(body.hostToken).toMatch(/^[A-Za-z0-9_-]{22}$/); // 128 bits
  });

  it("gives every table its own id and host token", async () => {
    const a = await createTable();
    const b = await createTable();
    expect(a.id).not.toBe(b.id);
    expect(a.hostToken).not.toBe(b.hostToken);
  });

  it("fills in the defaults: classic, two players, no clock", async () => {
    const { id } = await createTable({});
    const snapshot = await getSnapshot(id);
    expect(snapshot.settings).toEqual({
      variant: "classic",
      players: 2,
      colours: 1,
      pieces: 10,
      longJump: false,
      teams: false,
    });
    expect(snapshot.clock).toBeNull();
  });

  it("keeps every setting it was given", async () => {
    const { id } = await createTable({
      variant: "classic",
      players: 6,
      teams: true,
      longJump: true,
      clock: { kind: "bank", seconds: 600, increment: 5 },
    });
    const snapshot = await getSnapshot(id);
    expect(snapshot.settings).toEqual({
      variant: "classic",
      players: 6,
      colours: 1,
      pieces: 10,
      longJump: true,
      teams: true,
    });
    expect(snapshot.clock).toEqual({ kind: "bank", seconds: 600, increment: 5 });
    expect(snapshot.seats).toHaveLength(6);
  });

  const invalid: [string, unknown, string][] = [
    ["five players (no fair seating)", { players: 5 }, "players"],
    ["seven players", { players: 7 }, "players"],
    ["players of the wrong type", { players: "2" }, "players"],
    ["an unknown variant", { variant: "chess" }, "variant"],
    ["an unknown field", { player: 2 }, "player"],
    ["longJump of the wrong type", { longJump: "yes" }, "longJump"],
    ["a turn clock under 10 seconds", { clock: { kind: "move", seconds: 5 } }, "clock.seconds"],
    ["15 pieces with three players", { players: 3, pieces: 15 }, "pieces"],
    ["teams with two players", { teams: true }, "teams"],
    ["colours in the capture variant", { variant: "capture", colours: 2 }, "colours"],
    ["a first player past the table's seats", { players: 3, firstPlayer: 3 }, "firstPlayer"],
  ];
  for (const [what, body, field] of invalid) {
    it(`refuses ${what}: 400 invalid-settings naming "${field}"`, async () => {
      const response = await postJson("/api/tables", body);
      expect(response.status).toBe(400);
      const error = await errorOf(response);
      expect(error.code).toBe("invalid-settings");
      expect(error.field).toBe(field);
      expect(error.message).toContain(field);
    });
  }

  it("refuses a body that is not JSON with 400", async () => {
    const response = await postJson("/api/tables", "{players:");
    expect(response.status).toBe(400);
    expect((await errorOf(response)).code).toBe("bad-request");
  });

  it("refuses settings that are not sent as JSON with 415, rather than ignore them", async () => {
    const response = await api("/api/tables", {
      method: "POST",
      headers: { "Content-Type": "text/plain" },
      body: JSON.stringify({ players: 7 }),
    });
    expect(response.status).toBe(415);
    expect((await errorOf(response)).code).toBe("bad-request");
  });

  it("refuses a POST without a JSON content type, even with no body: another site's plain form cannot make a table", async () => {
    const forms: Record<string, string>[] = [
      {},
      { "Content-Type": "application/x-www-form-urlencoded" },
      { "Content-Type": "multipart/form-data; boundary=x" },
      { "Content-Type": "text/plain" },
    ];
    for (const headers of forms) {
      const response = await api("/api/tables", { method: "POST", headers });
      expect(response.status, JSON.stringify(headers)).toBe(415);
      expect((await errorOf(response)).code).toBe("bad-request");
    }
  });

  it("creates a table with the defaults from an empty body sent as application/json", async () => {
    const response = await api("/api/tables", { method: "POST", headers: { "Content-Type": "application/json" } });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect((await getSnapshot(id)).settings.players).toBe(2);
    const withEmptyString = await api("/api/tables", {
      method: "POST",
      headers: { "Content-Type": "application/json; charset=utf-8" },
      body: "",
    });
    expect(withEmptyString.status).toBe(201);
  });

  it("refuses settings under a content type that only looks like JSON with 415, rather than ignore them", async () => {
    for (const type of ["application/json-seq", "application/jsonx", "text/json+plain"]) {
      const response = await api("/api/tables", {
        method: "POST",
        headers: { "Content-Type": type },
        body: JSON.stringify({ players: 7 }),
      });
      expect(response.status, type).toBe(415);
      expect((await errorOf(response)).code).toBe("bad-request");
    }
  });

  it("refuses a body over 4 KiB with 413 too-large, unread", async () => {
    const response = await postJson("/api/tables", JSON.stringify({ variant: "classic" }).padEnd(4097, " "));
    expect(response.status).toBe(413);
    expect((await errorOf(response)).code).toBe("too-large");
  });

  it("accepts a JSON content type with parameters", async () => {
    const response = await api("/api/tables", {
      method: "POST",
      headers: { "Content-Type": "application/json; charset=utf-8" },
      body: JSON.stringify({ players: 3 }),
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect((await getSnapshot(id)).settings.players).toBe(3);
  });

  it("refuses a body that is not an object with 400", async () => {
    const response = await postJson("/api/tables", [2]);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).code).toBe("invalid-settings");
  });
});

describe("GET /api/tables/:id is the public snapshot", () => {
  it("shows a new table: waiting, free seats, no game, the created event", async () => {
    const { id } = await createTable({ players: 3 });
    const response = await api(`/api/tables/${id}`);
    expect(response.status).toBe(200);
    const snapshot = (await response.json()) as Snapshot;
    expect(snapshot.id).toBe(id);
    expect(snapshot.seq).toBe(1);
    expect(snapshot.status).toBe("waiting");
    expect(snapshot.game).toBeNull();
    expect(snapshot.seats).toEqual(
      [0, 1, 2].map((seat) => ({
        seat,
        name: null,
        connected: false,
        colours: [],
        finished: false,
        resigned: false,
        place: null,
        captures: 0,
        computer: null,
        away: false,
        timeouts: 0,
        bank: null,
        score: { points: 0, games: 0 },
        rematch: false,
        swapTo: null,
      })),
    );
  });

  it("shows a game in progress: seats, whose turn, the position, the legal moves", async () => {
    const game = await setUpTable();
    const snapshot = await getSnapshot(game.table.id);
    expect(snapshot.status).toBe("playing");
    expect(snapshot.seats.map((s) => [s.name, s.connected, s.colours])).toEqual([
      ["Player 1", true, ["N"]],
      ["Player 2", true, ["S"]],
    ]);
    const view = snapshot.game;
    expect(view?.number).toBe(1);
    expect([0, 1]).toContain(view?.firstPlayer);
    expect(view?.turn).toEqual({ seat: view?.firstPlayer, colour: view?.firstPlayer === 0 ? "N" : "S" });
    expect(Object.keys(view?.pieces ?? {})).toHaveLength(20);
    expect(view).not.toHaveProperty("legalMoves"); // clients find them with the engine
    expect(view?.moves).toEqual([]);
    expect(view?.result).toBeNull();
    expect(view?.deadline).toBeNull();
    closeAll(game.clients);
  });

  it("answers 404 table-not-found for an unknown id", async () => {
    const response = await api(`/api/tables/${await unknownTableId()}`);
    expect(response.status).toBe(404);
    expect((await errorOf(response)).code).toBe("table-not-found");
  });

  const malformed = ["short", "AAAAAAAAAAAAAAAAA", "AAAAAAAA.AAAAAAA", "AAAAAAAA%20AAAAA"];
  for (const id of [...malformed, "A".repeat(23), "A".repeat(25), "AAAAAAAAAAAA.AAAAAAAAAAA"]) {
    it(`answers 400 bad-table-id for the malformed id "${id}"`, async () => {
      const paths = [
        `/api/tables/${id}`,
        `/api/tables/${id}/record`,
        `/api/tables/${id}/ws`,
        `/t/${id}`,
        `/embed/${id}`,
      ];
      for (const path of paths) {
        const response = await api(path, { headers: { Upgrade: "websocket" } });
        expect(response.status, path).toBe(400);
        expect((await errorOf(response)).code).toBe("bad-table-id");
      }
    });
  }
});

describe("nothing on the wire grows with the number of capture chains", () => {
  it("after eight moves with 692,828 chains to choose from, the snapshot is a few kilobytes", async () => {
    const game = await setUpTable({ variant: "capture" });
    const moves = "f5-f3 f7-f5 i2-g2 k4-i2 g7-i5 f9-f7 m6-k4 j5-l5".split(" ");
    for (const path of moves) {
      const { seat } = (await getSnapshot(game.table.id)).game?.turn ?? { seat: 0 };
      game.players[seat].client.send({ type: "move", id: `m${path}`, path });
      await game.spectator.event("moved", (event) => event.path === path);
    }
    const response = await api(`/api/tables/${game.table.id}`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text.length).toBeLessThan(4096);
    expect((JSON.parse(text) as Snapshot).game?.moves).toEqual(moves);
    const { welcome } = await hello(game.table.id, "late");
    expect(JSON.stringify(welcome).length).toBeLessThan(4096);
    closeAll(game.clients);
  });
});

describe("GET /api/tables/:id/record is the game record in the engine's text format", () => {
  it("is 404 before any game has started", async () => {
    const { id } = await createTable();
    const response = await api(`/api/tables/${id}/record`);
    expect(response.status).toBe(404);
    expect((await errorOf(response)).code).toBe("not-found");
  });

  it("is 404 table-not-found for an unknown table", async () => {
    const response = await api(`/api/tables/${await unknownTableId()}/record`);
    expect(response.status).toBe(404);
    expect((await errorOf(response)).code).toBe("table-not-found");
  });

  it("holds the tags, the players and the moves played", async () => {
    const game = await setUpTable();
    const first = await playOne(game);
    const second = await playOne(game);
    const response = await api(`/api/tables/${game.table.id}/record`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    const record = await response.text();
    expect(record.startsWith('[Variant "classic"]\n')).toBe(true);
    const snapshot = await getSnapshot(game.table.id);
    expect(record).toContain(`[First "${(snapshot.game?.firstPlayer ?? 0) + 1}"]`);
    expect(record).toContain(`[Table "${game.table.id}"]`);
    expect(record).toContain('[Game "1"]');
    expect(record).toContain('[Player1 "Player 1"]');
    expect(record).toContain('[Player2 "Player 2"]');
    expect(record).toContain('[Result "*"]');
    expect(record).toContain(`1. ${first.event.path} 2. ${second.event.path}`);
    closeAll(game.clients);
  });
});

describe("CORS on /api/*", () => {
  it("answers a preflight for POST /api/tables", async () => {
    const response = await api("/api/tables", {
      method: "OPTIONS",
      headers: {
        Origin: "https://embedder.example",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type",
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(response.headers.get("Access-Control-Allow-Methods")).toContain("POST");
    expect(response.headers.get("Access-Control-Allow-Headers")?.toLowerCase()).toContain("content-type");
  });

  it("allows any origin to read a snapshot, a creation and an error", async () => {
    const headers = { Origin: "https://embedder.example" };
    const created = await api("/api/tables", {
      method: "POST",
      headers: { ...headers, "Content-Type": "application/json" },
      body: "{}",
    });
    expect(created.headers.get("Access-Control-Allow-Origin")).toBe("*");
    const { id } = (await created.json()) as { id: string };
    const snapshot = await api(`/api/tables/${id}`, { headers });
    expect(snapshot.headers.get("Access-Control-Allow-Origin")).toBe("*");
    const missing = await api(`/api/tables/${await unknownTableId()}`, { headers });
    expect(missing.status).toBe(404);
    expect(missing.headers.get("Access-Control-Allow-Origin")).toBe("*");
  });
});

describe("GET /t/:id is the share link", () => {
  it("serves the HTML page for a known table", async () => {
    const { id, shareLink } = await createTable();
    const response = await api(new URL(shareLink).pathname);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(await response.text()).toMatch(/^<!doctype html>/i);
    expect(id).toHaveLength(24);
  });

  it("answers 404 for an unknown table", async () => {
    const response = await api(`/t/${await unknownTableId()}`);
    expect(response.status).toBe(404);
    expect((await errorOf(response)).code).toBe("table-not-found");
  });
});

describe("a browser that follows a link to nothing gets a page, with status 404", () => {
  /** What a browser's navigation sends. */
  const BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
  const asBrowser = (path: string, method = "GET") => api(path, { method, headers: { Accept: BROWSER_ACCEPT } });

  async function expectNotFoundPage(response: Response, path: string): Promise<void> {
    expect(response.status, path).toBe(404);
    expect(response.headers.get("Content-Type"), path).toMatch(/^text\/html/);
    // The not-found page, which says so in the visitor's language.
    const html = await response.text();
    expect(html, path).toMatch(/^<!doctype html>/i);
    expect(html, path).toContain('<script type="module" src="/build/not-found.js">');
  }

  it("an unknown table under /t/ and /embed/", async () => {
    for (const path of ["/t/DDDDDDDDDDDDDDDD", "/embed/DDDDDDDDDDDDDDDD"]) {
      await expectNotFoundPage(await asBrowser(path), path);
    }
  });

  it("a malformed table id: 404 too, not the API's 400 (the link leads nowhere, like an unknown id)", async () => {
    for (const id of ["short", "AAAAAAAAAAAAAAAAA", "AAAAAAAA.AAAAAAA", "AAAAAAAA%20AAAAA"]) {
      for (const view of ["t", "embed"]) await expectNotFoundPage(await asBrowser(`/${view}/${id}`), `/${view}/${id}`);
    }
  });

  it("any unknown path, and HEAD as GET", async () => {
    for (const path of ["/nothing-here", "/t/", "/t/DDDDDDDDDDDDDDDD/more", "/rules/", "/build/nothing.html"]) {
      await expectNotFoundPage(await asBrowser(path), path);
    }
    const head = await asBrowser("/t/DDDDDDDDDDDDDDDD", "HEAD");
    expect(head.status).toBe(404);
    expect(head.headers.get("Content-Type")).toMatch(/^text\/html/);
  });

  it("a known table, the rules page and the front page answer 200, each with its own page's script", async () => {
    const { id } = await createTable();
    const pages = [
      // Waiting for players: the page between games (src/server/http/pages.ts, tablePageName).
      [`/t/${id}`, "table-between"],
      [`/embed/${id}`, "table-between"],
      ["/rules", "rules"],
      ["/rules?lang=fi", "rules"],
      ["/", "front"],
      ["/tables", "tables"],
      ["/lobby", "lobby"],
    ];
    for (const [path, page] of pages) {
      const response = await asBrowser(path);
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toContain(`<script type="module" src="/build/${page}.js">`);
    }
  });

  /** The languages whose texts a page's HTML preloads (the build writes one link for each, the worker keeps one). */
  const preloadedTexts = (html: string) =>
    [...html.matchAll(/<link rel="modulepreload" href="\/build\/i18n\/(\w+)-\w+\.js" data-lang="(\w+)">/g)].map(
      ([, file, lang]) => {
        expect(file).toBe(lang);
        return lang;
      },
    );
  const asVisitor = (path: string, headers: Record<string, string>) =>
    api(path, { headers: { Accept: BROWSER_ACCEPT, ...headers } });

  it("a page preloads the texts of one language: ?lang=, then the lang cookie, then Accept-Language, then English", async () => {
    const { id } = await createTable();
    const cases: [string, Record<string, string>, string][] = [
      ["/", {}, "en"],
      ["/", { "Accept-Language": "fi-FI,fi;q=0.9,en;q=0.8" }, "fi"],
      ["/", { "Accept-Language": "de-DE, nn;q=0.5, sv;q=0.7" }, "sv"],
      ["/", { "Accept-Language": "de, fi;q=0, nb-NO;q=0.2" }, "nb"],
      ["/", { "Accept-Language": "de-DE,fr;q=0.9" }, "en"],
      ["/", { Cookie: "lang=sv", "Accept-Language": "fi" }, "sv"],
      ["/", { Cookie: "other=1; lang=nb; more=2", "Accept-Language": "fi" }, "nb"],
      ["/?lang=fi", { Cookie: "lang=sv", "Accept-Language": "nb" }, "fi"],
      ["/rules?lang=nb", {}, "nb"],
      ["/lobby?lang=en", { Cookie: "lang=fi", "Accept-Language": "fi" }, "en"],
      [`/t/${id}`, { Cookie: "lang=fi" }, "fi"],
      [`/embed/${id}?lang=sv`, { "Accept-Language": "fi" }, "sv"],
      ["/tables", { "Accept-Language": "sv-SE" }, "sv"],
      // The not-found page too.
      ["/nothing-here", { Cookie: "lang=nb" }, "nb"],
      ["/t/DDDDDDDDDDDDDDDD?lang=fi", {}, "fi"],
    ];
    for (const [path, headers, language] of cases) {
      const response = await asVisitor(path, headers);
      const html = await response.text();
      expect(preloadedTexts(html), `${path} ${JSON.stringify(headers)}`).toEqual([language]);
      expect(response.headers.get("Vary"), path).toMatch(/Accept-Language/);
      expect(response.headers.get("Vary"), path).toMatch(/Cookie/);
      expect(response.headers.get("ETag"), path).toBeNull();
    }
  });

  it("a value that names no language is passed over, and never written into the page", async () => {
    const bad = `"><script>alert(1)</script>`;
    const cases: [string, Record<string, string>, string][] = [
      [`/?lang=${encodeURIComponent(bad)}`, { Cookie: "lang=sv" }, "sv"],
      ["/?lang=de", { Cookie: `lang=${encodeURIComponent(bad)}`, "Accept-Language": "fi" }, "fi"],
      ["/?lang=EN", { Cookie: "lang=../fi", "Accept-Language": `${bad}, nb;q=0.5` }, "nb"],
      ["/?lang=", { Cookie: "lang=", "Accept-Language": "*, en;q=0.1" }, "en"],
      ["/?lang=fi-FI", { Cookie: "lang=xx", "Accept-Language": "q=1;;;,,," }, "en"],
    ];
    for (const [path, headers, language] of cases) {
      const html = await (await asVisitor(path, headers)).text();
      expect(preloadedTexts(html), `${path} ${JSON.stringify(headers)}`).toEqual([language]);
      expect(html).not.toContain("alert");
    }
  });

  it("the API, and anything that does not ask for HTML, keep their JSON errors", async () => {
    const answers: [Response, number, string][] = [
      [await asBrowser("/api/tables/DDDDDDDDDDDDDDDD"), 404, "table-not-found"],
      [await asBrowser("/api/tables/short"), 400, "bad-table-id"],
      [await asBrowser("/api/nothing-here"), 404, "not-found"],
      [await api("/t/DDDDDDDDDDDDDDDD", { headers: { Accept: "application/json" } }), 404, "table-not-found"],
      [await api("/t/short", { headers: { Accept: "*/*" } }), 400, "bad-table-id"],
      [await api("/no/such/file.js", { headers: { Accept: "*/*" } }), 404, "not-found"],
      [await api("/nothing-here", { method: "POST", headers: { Accept: BROWSER_ACCEPT } }), 404, "not-found"],
    ];
    for (const [response, status, code] of answers) {
      expect(response.status).toBe(status);
      expect((await errorOf(response)).code).toBe(code);
    }
  });
});

describe("GET /api/tables/:id/ws is the table's socket", () => {
  it("answers 426 without an upgrade", async () => {
    const { id } = await createTable();
    const response = await api(`/api/tables/${id}/ws`);
    expect(response.status).toBe(426);
    expect((await errorOf(response)).code).toBe("bad-request");
  });

  it("answers 404 for an unknown table", async () => {
    const response = await api(`/api/tables/${await unknownTableId()}/ws`, { headers: { Upgrade: "websocket" } });
    expect(response.status).toBe(404);
    expect((await errorOf(response)).code).toBe("table-not-found");
  });

  it("answers 101 with a socket for a known table", async () => {
    const { id } = await createTable();
    const response = await api(`/api/tables/${id}/ws`, { headers: { Upgrade: "websocket" } });
    expect(response.status).toBe(101);
    expect(response.webSocket).toBeTruthy();
    response.webSocket?.accept();
    response.webSocket?.close(1000);
  });
});

describe("unknown routes", () => {
  it("answer 404 not-found in the JSON error format", async () => {
    const response = await api("/api/nothing-here");
    expect(response.status).toBe(404);
    expect((await errorOf(response)).code).toBe("not-found");
  });
});

describe("probing ids that name no table", () => {
  it("answers 404 and leaves no storage behind", async () => {
    const id = await unknownTableId();
    expect((await api(`/api/tables/${id}`)).status).toBe(404);
    const tables = await runInDurableObject(stub(id), (_instance, state) =>
      state.storage.sql.exec("SELECT name FROM sqlite_master WHERE type = 'table'").toArray(),
    );
    expect(tables).toEqual([]);
  });
});
