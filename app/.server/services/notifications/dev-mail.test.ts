import { describe, expect, it } from "vitest";
import { type AppContext } from "../../context";
import { NotFound } from "../../errors";
import { listMailTo, listOutbox, requireDevelopmentMode } from "./dev-mail";

describe("the development mail reader", () => {
  it("does not exist in production (404), whoever asks", async () => {
    const production = { appEnv: "production" } as AppContext;
    expect(() => requireDevelopmentMode(production)).toThrow(NotFound);
    await expect(listMailTo(production, "buyer@autoreseller.test")).rejects.toThrow(NotFound);
    await expect(listOutbox(production)).rejects.toThrow(NotFound);
  });

  it("is there in development and test mode", () => {
    for (const appEnv of ["development", "test"] as const) expect(() => requireDevelopmentMode({ appEnv } as AppContext)).not.toThrow();
  });
});
