import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { signUpSchema } from "./accounts";
import { categoryApiSchema, carApiSchema } from "./catalog";
import { nameText, requiredText } from "./fields";

const messagesOf = (schema: v.GenericSchema, input: unknown) => v.safeParse(schema, input).issues?.map((issue) => issue.message) ?? [];

describe("names", () => {
  const name = nameText("Name is Required", 80);

  it.each([
    ["zero-width spaces", "\u200B\u200B"],
    ["zero-width joiners and a word joiner", "\u200C\u200D\u2060"],
    ["a byte order mark and a soft hyphen", "\uFEFF\u00AD"],
    ["a Hangul filler between spaces", " \u3164 "],
    ["no-break and ideographic spaces", "\u00A0\u3000"],
  ])("made only of invisible characters (%s) are missing", (_label, text) => {
    expect(messagesOf(name, text)[0]).toBe("Name is Required");
  });

  const DIRECTION_CONTROLS = [0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069];
  it.each(DIRECTION_CONTROLS.map((code) => [code.toString(16).toUpperCase(), String.fromCodePoint(code)]))(
    "holding the direction control U+%s are refused",
    (_code, control) => {
      expect(messagesOf(name, `Rahim ${control}Motors`)).toEqual([expect.stringContaining("text-direction control characters")]);
    },
  );

  it.each([
    ["a blank braille pattern (U+2800)", "\u2800"],
    ["a musical null notehead (U+1D159)", "\u{1D159}"],
    ["combining marks only", "\u0301\u0308\u20DD"],
    ["punctuation and symbols only", "-- ★ --"],
  ])("with no letter or digit (%s) are refused", (_label, text) => {
    expect(messagesOf(name, text)).toEqual(["A name needs at least one letter or digit"]);
  });

  it("keep letters of any script, emoji sequences with joiners, and inner zero-width characters", () => {
    for (const text of ["Rahim Motors", "রহিম মোটরস", "محمد", "👩‍🔧 Garage", "Auto\u200BHaus"])
      expect(messagesOf(name, text), text).toEqual([]);
  });

  it("are checked the same by sign-up, products and categories, for pages and API alike", () => {
    const hidden = "\u200B";
    expect(messagesOf(signUpSchema, { name: hidden, email: "a@example.test", password: "Passw0rd!" })).toContain("Name is Required");
    expect(messagesOf(carApiSchema.entries.productName, "Car \u202Eevil")).toEqual([expect.stringContaining("text-direction")]);
    expect(messagesOf(categoryApiSchema.entries.categoryName, hidden)).toContain("Category Name is Required");
  });
});

describe("required texts", () => {
  it("made only of invisible characters get the field's own message", () => {
    expect(messagesOf(requiredText("Product Description is required", 2000), "\u200B \u2060")[0]).toBe("Product Description is required");
  });
});
