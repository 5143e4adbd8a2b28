/**
 * The quick-play panel's pure parts: the choice kept on the device, read
 * back only when it names a pool, and the `mm:ss` of the time waited and of
 * the countdown to the offer of computer players.
 */
import { describe, expect, it } from "vitest";
import { QUICK_PLAY_KEY, storedKind } from "../../src/client/ui/quick-play-panel.ts";

/** A Storage holding one value, as the panel reads it. */
function storageWith(value: string | null): Storage {
  return { getItem: (key: string) => (key === QUICK_PLAY_KEY ? value : null) } as Storage;
}

describe("the quick-play panel", () => {
  it("reads the kept choice when it names a pool, and the race for two, live, otherwise", () => {
    expect(storedKind(storageWith("capture-4-long"))).toEqual({ players: 4, variant: "capture", clock: "long" });
    const race = { players: 2, variant: "classic", clock: "live" };
    for (const value of [null, "", "classic-5-live", "chess-2-live", "classic-2-live-extra"]) {
      expect(storedKind(storageWith(value))).toEqual(race);
    }
    expect(storedKind(undefined)).toEqual(race);
    const refusing = {
      getItem: () => {
        throw new Error("denied");
      },
    } as unknown as Storage;
    expect(storedKind(refusing)).toEqual(race);
  });
});
