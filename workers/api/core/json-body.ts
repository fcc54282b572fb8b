import { type Context, type MiddlewareHandler } from "hono";
import { resolver } from "hono-openapi";
import * as v from "valibot";
import { toJsonSchema } from "@valibot/to-json-schema";
import { readBodyWithin } from "~/.server/web/body-limit";
import { type FieldIssue, Invalid, PayloadTooLarge, UnsupportedMediaType } from "~/.server/errors";
import { messageInWords } from "~/lib/schemas/field-messages";
import { type WorkerEnv } from "../../hono-env";
import { describing, errorResponses, SCHEMA_OPTIONS } from "./openapi";

const JSON_LIMIT = 64 * 1024;

type Validated<Target extends "json" | "query" | "param", Schema extends v.GenericSchema> = MiddlewareHandler<
  WorkerEnv,
  string,
  { in: { [K in Target]: v.InferInput<Schema> }; out: { [K in Target]: v.InferOutput<Schema> } }
>;

/**
 * A route's JSON body, named once: this middleware reads and validates it (readJson's answers)
 * for the handler's `c.req.valid("json")`, and describes it, with 400/413/415, in the document.
 */
export function jsonBody<Schema extends v.GenericSchema>(schema: Schema, options: { optional?: boolean } = {}): Validated<"json", Schema> {
  const middleware: Validated<"json", Schema> = async (c, next) => {
    // An optional body may be left out altogether (no content type, nothing sent): it is `{}`.
    const absent = options.optional && !c.req.header("content-type") && (c.req.header("content-length") ?? "0") === "0";
    c.req.addValidatedData("json", (absent ? parseInput(schema, {}) : await readJson(c, schema)) as object);
    await next();
  };
  return describing(middleware, {
    requestBody: { required: !options.optional, content: { "application/json": { schema: resolver(schema as never, SCHEMA_OPTIONS) } } },
    responses: errorResponses([400, 413, 415]),
  });
}

/** A route's query parameters, validated for `c.req.valid("query")` and described, with 400. */
export function queryParams<Schema extends v.GenericSchema>(schema: Schema): Validated<"query", Schema> {
  const middleware: Validated<"query", Schema> = async (c, next) => {
    c.req.addValidatedData("query", parseInput(schema, c.req.query()) as object);
    await next();
  };
  return describing(middleware, { parameters: parametersOf(schema, "query"), responses: errorResponses([400]) });
}

/** A route's path parameters, validated for `c.req.valid("param")` and described, with 400. */
export function pathParams<Schema extends v.GenericSchema>(schema: Schema): Validated<"param", Schema> {
  const middleware: Validated<"param", Schema> = async (c, next) => {
    c.req.addValidatedData("param", parseInput(schema, c.req.param()) as object);
    await next();
  };
  return describing(middleware, { parameters: parametersOf(schema, "path"), responses: errorResponses([400]) });
}

/** The document's parameters for an object schema's entries (path parameters are always required). */
function parametersOf(schema: v.GenericSchema, where: "query" | "path") {
  const { properties = {}, required = [] } = toJsonSchema(schema, SCHEMA_OPTIONS as never) as { properties?: object; required?: string[] };
  return Object.entries(properties as Record<string, { description?: string }>).map(([name, { description, ...schema }]) => ({
    name,
    in: where,
    required: where === "path" || required.includes(name),
    ...(description ? { description } : {}),
    schema,
  }));
}

/**
 * Reads a JSON object body within 64 KiB and validates it with the shared schema: 415 for another
 * content type, 413 when too large, 400 with per-field issues when invalid. Unknown fields are dropped.
 */
async function readJson<Schema extends v.GenericSchema>(c: Context<WorkerEnv>, schema: Schema): Promise<v.InferOutput<Schema>> {
  const contentType = c.req.header("content-type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(contentType)) throw new UnsupportedMediaType("Send the body as application/json");
  const bytes = await readBodyWithin(c.req.raw, JSON_LIMIT);
  if (!bytes) throw new PayloadTooLarge("The JSON body must be at most 64 KiB");
  const body = parseJsonText(bytes);
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw new Invalid("The body must be a JSON object");
  return parseInput(schema, body);
}

// With the u flag, a surrogate pair is one code point; only a lone half matches.
const LONE_SURROGATE = /\p{Surrogate}/u;

/**
 * Parses JSON that is text: bytes that are not UTF-8, and escapes of half a surrogate pair (a
 * lone "\ud800", which no text holds), are refused rather than stored as U+FFFD.
 */
function parseJsonText(bytes: Uint8Array): unknown {
  let loneSurrogate = false;
  const noteLoneSurrogates = (key: string, value: unknown) => {
    if (LONE_SURROGATE.test(key) || (typeof value === "string" && LONE_SURROGATE.test(value))) loneSurrogate = true;
    return value;
  };
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes), noteLoneSurrogates);
  } catch {
    throw new Invalid("The body is not valid JSON");
  }
  if (loneSurrogate) throw new Invalid("The body holds a lone surrogate (such as \\ud800), which is not text");
  return body;
}

/** Validates already-parsed input (query strings, bodies) and reports the first problem per field. */
function parseInput<Schema extends v.GenericSchema>(schema: Schema, input: unknown): v.InferOutput<Schema> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const issues: FieldIssue[] = [];
  for (const issue of result.issues) {
    const path = v.getDotPath(issue) ?? "";
    const message = messageInWords(schema, path, issue.message);
    if (!issues.some((existing) => existing.path === path)) issues.push({ path, message });
  }
  throw new Invalid(issues.length === 1 ? issues[0].message : "Some fields are not valid", issues);
}
