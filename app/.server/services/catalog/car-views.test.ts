import { describe, expect, it } from "vitest";
import { addUpViews, viewDay } from "./car-views";

describe("addUpViews (the views queue's batch)", () => {
  it("adds a batch's views up per car and day, dropping what is not a view", () => {
    const view = (productId: string, day: string) => ({ productId, day });
    expect(
      addUpViews([
        view("a", "2026-11-27"),
        view("b", "2026-11-27"),
        view("a", "2026-11-27"),
        view("a", "2026-11-26"),
        { productId: "a" },
        { productId: 7, day: "2026-11-27" },
        view("a", "yesterday"),
        null,
        "a",
      ]),
    ).toEqual([
      { productId: "a", day: "2026-11-27", views: 2 },
      { productId: "b", day: "2026-11-27", views: 1 },
      { productId: "a", day: "2026-11-26", views: 1 },
    ]);
  });

  it("counts a view on its UTC day", () => {
    expect(viewDay(new Date("2026-11-27T23:59:59.999Z"))).toBe("2026-11-27");
    expect(viewDay(new Date("2026-11-28T00:00:00+02:00"))).toBe("2026-11-27");
  });
});
