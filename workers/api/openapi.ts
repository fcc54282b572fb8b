import { describeRoute, resolver } from "hono-openapi";
import type * as v from "valibot";

/** Who may call an endpoint (the contract's "who" column), shown in the document as `x-access`. */
export type Access =
  | "public"
  | "user"
  | "buyer"
  | "seller"
  | "admin"
  | "seller or admin"
  | "self or admin"
  | "owner"
  | "owner or admin"
  | "booker"
  | "booker or admin"
  | "session"
  | "stripe";

interface RouteDoc {
  summary: string;
  tag: string;
  access: Access;
  /** A JSON body, validated with this very schema by the handler. */
  body?: v.GenericSchema;
  /** A multipart body with these file fields. */
  multipart?: string[];
  /** The query parameters, by the schema the handler parses them with. */
  query?: v.ObjectSchema<v.ObjectEntries, v.ErrorMessage<v.ObjectIssue> | undefined>;
  status: number;
  description: string;
}

const SCHEMA_OPTIONS = { errorMode: "ignore" };
const ERROR_BODY = { $ref: "#/components/schemas/Error" };
const ERRORS: Record<string, string> = {
  "400": "Malformed or invalid input (`issues` lists the fields)",
  "401": "No valid credentials",
  "403": "This role or user may not do this",
  "404": "No such resource",
  "409": "The state forbids it",
  "429": "Too many attempts (Retry-After)",
};

/** Describes a route for the OpenAPI document from the same schemas its handler validates with. */
export function doc(route: RouteDoc) {
  const errors = Object.fromEntries(
    Object.entries(ERRORS).map(([status, description]) => [status, { description, content: { "application/json": { schema: ERROR_BODY } } }]),
  );
  return describeRoute({
    summary: route.summary,
    tags: [route.tag],
    "x-access": route.access,
    security: route.access === "public" || route.access === "stripe" ? [] : [{ bearer: [] }, { session: [] }],
    parameters: route.query
      ? Object.keys(route.query.entries).map((name) => ({ name, in: "query" as const, required: false, schema: { type: "string" as const } }))
      : undefined,
    requestBody: route.body
      ? { required: true, content: { "application/json": { schema: resolver(route.body as never, SCHEMA_OPTIONS) } } }
      : route.multipart
        ? {
            required: true,
            content: {
              "multipart/form-data": {
                schema: { type: "object", required: route.multipart, properties: Object.fromEntries(route.multipart.map((field) => [field, { type: "string", format: "binary" }])) },
              },
            },
          }
        : undefined,
    responses: { [String(route.status)]: { description: route.description }, ...errors },
  } as Parameters<typeof describeRoute>[0]);
}

export const OPENAPI_DOCUMENTATION = {
  openapi: "3.1.0",
  info: {
    title: "Auto Reseller API",
    version: "1.0.0",
    description: "The REST contract of the Auto Reseller used-car marketplace. Errors are `{ message, issues? }`.",
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
            items: { type: "object" as const, required: ["path", "message"], properties: { path: { type: "string" as const }, message: { type: "string" as const } } },
          },
        },
      },
    },
  },
};
