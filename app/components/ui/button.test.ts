import { describe, expect, it } from "vitest";
import { buttonClass } from "./button";

const classes = (value: string) => value.split(" ");

describe("buttonClass", () => {
  it("is a medium primary button by default", () => {
    expect(classes(buttonClass())).toEqual(["btn", "btn-primary", "btn-md"]);
  });

  it("names the variant and size asked for", () => {
    expect(classes(buttonClass({ variant: "danger", size: "sm" }))).toEqual(["btn", "btn-danger", "btn-sm"]);
    expect(classes(buttonClass({ variant: "ghost", size: "lg" }))).toEqual(["btn", "btn-ghost", "btn-lg"]);
    expect(classes(buttonClass({ variant: "secondary" }))).toEqual(["btn", "btn-secondary", "btn-md"]);
  });

  it("fills its container only when asked, and appends the caller's classes", () => {
    expect(classes(buttonClass())).not.toContain("w-full");
    expect(classes(buttonClass({ block: true }))).toContain("w-full");
    expect(buttonClass({ variant: "danger" }, "mt-4 self-start")).toBe("btn btn-danger btn-md mt-4 self-start");
  });
});
