import { describeRoute, generateSpecs, resolver, uniqueSymbol } from "hono-openapi";
import { type Env, type Hono, type Schema } from "hono";
import type * as v from "valibot";

// How each route describes itself in GET /api/openapi.json. `doc()` gives the summary and the
// success answer; the guard (auth.ts `allow`) and the input readers (json-body.ts) add what they
// refuse, so every status a route can answer is listed by the code that answers it.

interface RouteDoc {
  summary: string;
  tag: string;
  /** The success status and what it is. */
  status: number;
  description: string;
  /** The success answer's JSON body (app/lib/schemas/responses.ts); none for non-JSON answers. */
  response?: v.GenericSchema;
  /** A success answer that is not described by a schema of ours: the document itself, or HTML. */
  media?: "application/json" | "text/html";
  /** Other successes, such as 200 for a repeated create. */
  alsoStatus?: number;
  /** A multipart body with these file fields. */
  multipart?: string[];
  /** Refusals that depend on the state of things (404 unknown, 409 state, 429 limits, 503). */
  errors?: ErrorStatus[];
}

// Valibot's transforms and checks have no JSON Schema form; the document shows the shape.
export const SCHEMA_OPTIONS = { errorMode: "ignore" };

const ERRORS = {
  400: "Malformed or invalid input (`issues` lists the fields)",
  401: "No valid credentials",
  403: "This role or user may not do this",
  404: "No such resource",
  409: "The state forbids it",
  413: "The body is too large",
  415: "The body's content type is not accepted",
  429: "Too many attempts (Retry-After)",
  503: "The database is not answering",
} as const;
export type ErrorStatus = keyof typeof ERRORS;

/** The contract's error answers for these statuses, each `{ message, issues? }`. */
export function errorResponses(statuses: Iterable<ErrorStatus>) {
  return Object.fromEntries(
    [...statuses].map((status) => [
      String(status),
      { description: ERRORS[status], content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } },
    ]),
  );
}

/** Adds `spec` to the operation of the route this middleware is on (hono-openapi merges them). */
export function describing<M extends object>(middleware: M, spec: Record<string, unknown>): M {
  return Object.assign(middleware, { [uniqueSymbol]: { spec } });
}

/** Describes a route: its summary and its success answer, with the refusals its data can cause. */
export function doc(route: RouteDoc) {
  const success = { description: route.description, ...successContent(route) };
  // Plain JSON Schema objects here, which the library's types describe more narrowly.
  return describeRoute({
    summary: route.summary,
    tags: [route.tag],
    requestBody: route.multipart
      ? {
          required: true,
          content: {
            "multipart/form-data": {
              schema: {
                type: "object",
                required: route.multipart,
                properties: Object.fromEntries(route.multipart.map((field) => [field, { type: "string", format: "binary" }])),
              },
            },
          },
        }
      : undefined,
    responses: {
      [String(route.status)]: success,
      ...(route.alsoStatus ? { [String(route.alsoStatus)]: success } : {}),
      ...errorResponses([...(route.multipart ? ([400, 413, 415] as const) : []), ...(route.errors ?? [])]),
    },
  } as Parameters<typeof describeRoute>[0]);
}

function successContent(route: RouteDoc) {
  if (route.response) return { content: { "application/json": { schema: resolver(route.response as never, SCHEMA_OPTIONS) } } };
  if (route.media) return { content: { [route.media]: { schema: { type: route.media === "text/html" ? "string" : "object" } } } };
  return {};
}

type Document = Awaited<ReturnType<typeof generateSpecs>>;
const WRITES = ["post", "put", "patch", "delete"];

/**
 * The document of these routes. A cookie-authenticated write without this site's Origin answers
 * 403 (CSRF, in apiUser), whatever the permission: listed here, where the method is known.
 */
export async function apiDocument<E extends Env, S extends Schema, P extends string>(routes: Hono<E, S, P>): Promise<Document> {
  const document = await generateSpecs(routes, {
    documentation: { ...OPENAPI_DOCUMENTATION, servers: [{ url: "/api" }] },
    excludeStaticFile: false,
  });
  for (const operations of Object.values(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations ?? {}) as [string, { security?: unknown[]; responses: object }][]) {
      if (WRITES.includes(method) && operation.security?.length) operation.responses = { ...errorResponses([403]), ...operation.responses };
    }
  }
  return document;
}

export const OPENAPI_DOCUMENTATION = {
  openapi: "3.1.0",
  info: {
    title: "Auto Reseller API",
    version: "1.0.0",
    description:
      "The REST contract of the Auto Reseller used-car marketplace. Errors are `{ message, issues? }`. " +
      "Each operation's `x-access` is the contract's \"who\" and `x-permission` the access policy's rule (app/lib/accounts/policy.ts).",
    license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
  },
  components: {
    securitySchemes: {
      bearer: { type: "http" as const, scheme: "bearer", bearerFormat: "JWT" },
      session: { type: "apiKey" as const, in: "cookie" as const, name: "ar_session" },
    },
    schemas: {
      Error: {
        type: "object" as const,
        required: ["message"],
        properties: {
          message: { type: "string" as const },
          issues: {
            type: "array" as const,
            items: {
              type: "object" as const,
              required: ["path", "message"],
              properties: { path: { type: "string" as const }, message: { type: "string" as const } },
            },
          },
        },
      },
    },
  },
};
