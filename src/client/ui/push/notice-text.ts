/**
 * What a "your turn" notification says, in the player's language: the
 * service worker writes it from the push's `Notice` (the server sends facts,
 * not words). Pure, so it is tested under Node.
 */
import type { Notice } from "../../../protocol/index.ts";
import { formatClock, secondsLeft } from "../clock-format.ts";
import type { I18n } from "../i18n/index.ts";

export interface NoticeText {
  readonly title: string;
  readonly body: string;
}

export function noticeText(notice: Notice, i18n: I18n, now: number): NoticeText {
  const others = notice.players.filter((name, seat): name is string => name !== null && seat !== notice.seat);
  const game = i18n.t("noticeGameWith", { players: i18n.list(others) });
  switch (notice.kind) {
    case "turn": {
      const lines = [
        notice.move ? i18n.t("noticeMoved", { name: notice.move.by, move: notice.move.path }) : undefined,
        notice.deadline
          ? i18n.t("noticeTimeLeft", {
              time: formatClock(secondsLeft(notice.deadline, now), (d, h) => i18n.t("clockDaysHours", { d, h })),
            })
          : undefined,
        game,
      ];
      return { title: i18n.t("noticeTurnTitle"), body: lines.filter(Boolean).join(" ") };
    }
    case "ended": {
      const place =
        notice.place === 1
          ? i18n.t("noticeWon")
          : notice.place
            ? i18n.t("noticePlace", { place: notice.place })
            : undefined;
      return { title: i18n.t("noticeEndedTitle"), body: [place, game].filter(Boolean).join(" ") };
    }
    case "rematch":
      return {
        title: i18n.t("noticeRematchTitle"),
        body: [i18n.t("noticeRematchBy", { name: notice.by ?? "" }), game].join(" "),
      };
  }
}
