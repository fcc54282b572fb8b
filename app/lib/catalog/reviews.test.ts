import { describe, expect, it } from "vitest";
import { firstNameAndInitial } from "./reviews";

describe("firstNameAndInitial", () => {
  it("gives the first name and the last name's initial", () => {
    expect(firstNameAndInitial("Rahim Khan")).toBe("Rahim K.");
    expect(firstNameAndInitial("  Nusrat Jahan   Chowdhury ")).toBe("Nusrat C.");
    expect(firstNameAndInitial("anika rahman")).toBe("anika R.");
  });

  it("leaves a one-word name as it is, and keeps a whole letter outside the basic plane", () => {
    expect(firstNameAndInitial("Madonna")).toBe("Madonna");
    expect(firstNameAndInitial("Ada 𝒵eta")).toBe("Ada 𝒵.");
  });
});
