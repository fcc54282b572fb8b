import { describe, expect, it } from "vitest";
import { parseMixArgs } from "./mix-run.ts";

describe("the mix's options", () => {
  it("default to 60 s at the three sizes and take a shorter run and fewer sizes", () => {
    expect(parseMixArgs(["--mix"])).toEqual({ sizes: ["demo", "100k", "1M"], seconds: 60, soloSeconds: 5 });
    expect(parseMixArgs(["--mix", "--seconds", "10", "--solo-seconds=2", "--sizes", "1M,demo"])).toEqual({
      sizes: ["demo", "1M"],
      seconds: 10,
      soloSeconds: 2,
    });
  });

  it("refuse what they do not know", () => {
    expect(() => parseMixArgs(["--mix", "--seconds", "soon"])).toThrow(/number of seconds/);
    expect(() => parseMixArgs(["--mix", "--sizes", "10M"])).toThrow(/--sizes/);
    expect(() => parseMixArgs(["--mix", "--fast"])).toThrow(/Unknown option/);
  });
});
