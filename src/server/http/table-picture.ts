/**
 * The table page's first picture, in its HTML: the title bar in the page's
 * language and the board with the table's pieces, turned as this browser's
 * page last turned it for this table (the `board-turn` cookie, which the
 * page keeps for the table's address). Both were drawn at build time by the
 * page's own code (src/client/ui/table-page/picture.ts, written into
 * public/build/picture/); here the pieces are put on their holes as the
 * page draws them, from what a piece of each colour changes on its hole.
 * A phone shows the picture once the HTML (the style sheet in it) is in,
 * before any script; the page's opening draws its own board in its place.
 */
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import type { Language } from "../../protocol/language.ts";
import type { Snapshot } from "../../protocol/snapshot.ts";
import { BOARD_TURN_COOKIE, type PieceDrawings } from "../../protocol/table-picture.ts";
import { Game } from "../../rules/index.ts";
import type { HonoEnv } from "./answers.ts";

/** The parts of the picture, read from the build's files. */
async function pictureFile(c: Context<HonoEnv>, name: string): Promise<Response> {
  const response = await c.env.ASSETS.fetch(new URL(`/build/picture/${name}`, c.req.url));
  if (!response.ok) throw new Error(`no picture file ${name}: ${response.status}`);
  return response;
}

/** The board's turn this browser's page last drew the table at: 0 (north at the top) when it has not said. */
function boardTurn(c: Context<HonoEnv>): number {
  const value = getCookie(c, BOARD_TURN_COOKIE) ?? "";
  return /^[0-5]$/.test(value) ? Number(value) : 0;
}

/**
 * The markup `#app` starts with: the title bar (none in an embed) and the
 * board with the table's pieces, in the structure the page builds
 * (table-page/opening.ts), so that its own board comes where the picture was.
 */
export async function tablePicture(
  c: Context<HonoEnv>,
  snapshot: Snapshot,
  language: Language,
  embed: boolean,
): Promise<string> {
  const [board, header, drawings] = await Promise.all([
    pictureFile(c, `board-${boardTurn(c)}`),
    embed ? null : pictureFile(c, `header-${language}`).then((response) => response.text()),
    pictureFile(c, "pieces.json").then((response) => response.json<PieceDrawings>()),
  ]);
  const pieces = snapshot.game?.pieces ?? Game.create(snapshot.settings).pieces();
  let hole: PieceDrawings[keyof PieceDrawings] | undefined;
  const set = (part: string) => ({
    element(element: Element) {
      for (const [name, value] of Object.entries(hole?.[part] ?? {})) {
        if (value === null) element.removeAttribute(name);
        else element.setAttribute(name, value);
      }
    },
  });
  const drawn = await new HTMLRewriter()
    .on("g.hole", {
      element(group) {
        const piece = pieces[group.getAttribute("data-hole") ?? ""];
        hole = piece === undefined ? undefined : drawings[piece];
        set("hole").element(group);
      },
    })
    .on("g.hole circle.piece", set("piece"))
    .on("g.hole use.piece-mark", set("piece-mark"))
    .transform(board)
    .text();
  return `${header ?? ""}<main class="table"><div class="board-wrap">${drawn}</div></main>`;
}

/** Puts the picture at the start of the page's `#app`, with an embed's classes (table-page/opening.ts). */
export function pictureInPage(
  picture: string,
  embed: boolean,
  autoHeight: boolean,
): HTMLRewriterElementContentHandlers {
  return {
    element(app) {
      if (embed) app.setAttribute("class", autoHeight ? "embed auto-height" : "embed");
      app.prepend(picture, { html: true });
    },
  };
}
