/** The turn clock's reading at the edges of each form: m:ss, h:mm:ss, days and hours. */
import { describe, expect, it } from "vitest";
import { formatClock, secondsLeft } from "../../src/client/ui/clock-format.ts";

const english = (days: number, hours: number) => `${days} d ${hours} h`;
const clock = (seconds: number) => formatClock(seconds, english);

describe("a clock under an hour reads m:ss", () => {
  it("pads the seconds and leaves the minutes unpadded", () => {
    expect([0, 7, 59, 60, 118, 3599].map(clock)).toEqual(["0:00", "0:07", "0:59", "1:00", "1:58", "59:59"]);
  });

  it("reads 0:00 for time already past", () => {
    expect(clock(-5)).toBe("0:00");
  });
});

describe("a clock from an hour to a day reads h:mm:ss", () => {
  it("pads the minutes and the seconds", () => {
    expect([3600, 3661, 86_399].map(clock)).toEqual(["1:00:00", "1:01:01", "23:59:59"]);
  });
});

describe("a clock from a day up reads whole days and hours in the page's words", () => {
  it("drops the minutes and seconds", () => {
    expect([86_400, 86_400 + 3 * 3600 + 3599, 604_800].map(clock)).toEqual(["1 d 0 h", "1 d 3 h", "7 d 0 h"]);
  });

  it("asks the language for the words", () => {
    expect(formatClock(2 * 86_400 + 5 * 3600, (days, hours) => `${days} vrk ${hours} t`)).toBe("2 vrk 5 t");
  });
});

describe("the seconds left to a deadline", () => {
  it("round up, so the last second reads 0:01 until the deadline", () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 9_001)).toBe(1);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(10_000, 12_000)).toBe(0);
  });
});
