/** The create page's "play against the computer": the choices, and the seats the computer players take. */
import { describe, expect, it } from "vitest";
import {
  choiceValue,
  computerChoices,
  computerSeats,
  fitChoice,
  parseChoice,
} from "../../src/client/ui/computer-plan.ts";

describe("the computer players a new table gets", () => {
  it("are none, one to all the other seats, or every seat", () => {
    expect(computerChoices(2)).toEqual([0, 1, "all"]);
    expect(computerChoices(6)).toEqual([0, 1, 2, 3, 4, 5, "all"]);
  });

  it("take the seats after the host's, in order, leaving the rest free for friends", () => {
    expect(computerSeats(2, 0)).toEqual([]);
    expect(computerSeats(2, 1)).toEqual([1]);
    expect(computerSeats(3, 1)).toEqual([1]);
    expect(computerSeats(4, 2)).toEqual([1, 2]);
    expect(computerSeats(6, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it("take every seat for a table of computers alone, to watch", () => {
    expect(computerSeats(2, "all")).toEqual([0, 1]);
    expect(computerSeats(6, "all")).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it("never outnumber the other seats when the number of players goes down", () => {
    expect(fitChoice(5, 3)).toBe(2);
    expect(fitChoice(1, 2)).toBe(1);
    expect(fitChoice("all", 2)).toBe("all");
    expect(computerSeats(2, 5)).toEqual([1]);
  });

  it("go through a select's value and back", () => {
    for (const choice of computerChoices(6)) expect(parseChoice(choiceValue(choice))).toBe(choice);
    expect(parseChoice("nonsense")).toBe(0);
  });
});
