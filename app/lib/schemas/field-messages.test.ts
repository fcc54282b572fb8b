import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { CHECK_THIS_FIELD, messageInWords, parseSubmission } from "./field-messages";

// Every schema the pages and the API parse input with, from every module of this folder
// (responses.ts describes answers, which no one types.)
const modules = import.meta.glob<Record<string, unknown>>(["./*.ts", "!./*.test.ts", "!./responses.ts"], { eager: true });
const schemas = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports).flatMap(([name, value]) =>
    v.isOfKind("schema", value as v.GenericSchema) && ["object", "variant", "union", "intersect"].includes((value as v.GenericSchema).type)
      ? [{ name: `${file.slice(2)} ${name}`, schema: value as v.GenericSchema }]
      : [],
  ),
);

/** Forms as people send them: nothing at all, every field blank, and every field a word where something else belongs. */
function formsFor(schema: v.GenericSchema): FormData[] {
  const keys = Object.keys((schema as { entries?: Record<string, unknown> }).entries ?? {});
  const filled = (value: string) => {
    const form = new FormData();
    for (const key of keys) form.set(key, value);
    return form;
  };
  return [new FormData(), filled(""), filled("nonsense"), filled("-1")];
}

const libraryWording = /^(Invalid|Expected)/;

describe("form and API messages", () => {
  it("finds the schemas", () => {
    expect(schemas.length).toBeGreaterThan(20);
  });

  it.each(schemas)("$name: a form never shows valibot's own wording", ({ schema }) => {
    for (const form of formsFor(schema)) {
      const submission = parseSubmission(form, schema);
      const errors = submission.status === "error" ? submission.error : {};
      const messages = Object.values(errors ?? {}).flatMap((list) => list ?? []);
      for (const message of messages) expect(message).not.toMatch(libraryWording);
    }
  });

  it.each(schemas)("$name: an API body never answers valibot's own wording", ({ schema }) => {
    for (const body of [{}, null, [], { _: 1 }]) {
      for (const issue of v.safeParse(schema, body).issues ?? []) {
        expect(messageInWords(schema, v.getDotPath(issue) ?? "", issue.message)).not.toMatch(libraryWording);
      }
    }
  });

  it("says what a missing field needs, in the field's own words", () => {
    const schema = v.object({ rating: v.number("Choose a rating from 1 to 5 stars"), intent: v.literal("rate") });
    const submission = parseSubmission(new FormData(), schema);
    expect(submission.status === "error" && submission.error).toEqual({
      rating: ["Choose a rating from 1 to 5 stars"],
      intent: [CHECK_THIS_FIELD],
    });
  });
});
