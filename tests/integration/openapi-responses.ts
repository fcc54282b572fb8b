import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

// Ajv, the one JSON Schema validator the tests use, checks both sides of GET /api/openapi.json: every
// schema in the document (valid JSON Schema 2020-12, every reference found) and real answers against
// the document (the status must be one the operation lists, and a JSON body must match the schema the
// document gives for that status). The rest of the document's OpenAPI shape is Redocly's `struct` rule
// (workers/api/core/openapi.test.ts).

interface MediaType {
  schema?: object;
}
interface Operation {
  "x-permission"?: string;
  "x-access"?: string;
  responses: Record<string, { content?: Record<string, MediaType> }>;
}
export interface ApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: object;
}

const escapePointer = (segment: string) => segment.replaceAll("~", "~0").replaceAll("/", "~1");

/** An Ajv holding the document, so `openapi#/<pointer>` names any schema in it. */
function ajvWith(document: object) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats.default(ajv);
  ajv.addSchema(document, "openapi");
  return ajv;
}

/** Pointers to every schema in the document: the components' and each `schema` of a body, parameter or header. */
function schemaPointers(node: unknown, pointer: string[] = []): string[][] {
  if (typeof node !== "object" || node === null) return [];
  const here = pointer.length === 3 && pointer[0] === "components" && pointer[1] === "schemas";
  if (here || pointer.at(-1) === "schema") return [pointer];
  return Object.entries(node).flatMap(([key, value]) => schemaPointers(value, [...pointer, key]));
}

/** The problems with the document's schemas: any that is not valid JSON Schema 2020-12 or names a missing one. */
export function schemaProblems(document: object): string[] {
  const ajv = ajvWith(document);
  // Most bodies are the same `$ref` to a component: each distinct schema is compiled once (its
  // references all start at the document's root, so the same text means the same schema).
  const distinct = new Map<string, string>();
  for (const segments of schemaPointers(document)) {
    const schema = segments.reduce<unknown>((node, segment) => (node as Record<string, unknown>)[segment], document);
    if (!distinct.has(JSON.stringify(schema))) distinct.set(JSON.stringify(schema), segments.map(escapePointer).join("/"));
  }
  return [...distinct].flatMap(([text, pointer]) => {
    if (!ajv.validateSchema(JSON.parse(text) as object)) return [`${pointer}: ${ajv.errorsText(ajv.errors)}`];
    try {
      ajv.getSchema(`openapi#/${pointer}`);
      return [];
    } catch (error) {
      return [`${pointer}: ${(error as Error).message}`];
    }
  });
}

export function responseChecker(document: ApiDocument) {
  const ajv = ajvWith(document);
  // Literal segments win over parameters (/products/advertisement before /products/{id}).
  const templates = Object.keys(document.paths)
    .map((template) => ({
      template,
      pattern: new RegExp(`^/api${template.replace(/\{[^}]+\}/g, "[^/]+")}/?$`),
      parameters: template.split("{").length - 1,
    }))
    .sort((a, b) => a.parameters - b.parameters);

  /** The problems with this answer, none when the document describes it. */
  return async function problemsWith(method: string, path: string, response: Response): Promise<string[]> {
    const pathname = new URL(path, "http://x").pathname;
    const template = templates.find((candidate) => candidate.pattern.test(pathname))?.template;
    const operation = template ? document.paths[template][method.toLowerCase()] : undefined;
    if (!template || !operation) return [`${method} ${pathname} is not in the document`];
    const where = `${method} ${template} ${response.status}`;
    const described = operation.responses[String(response.status)];
    if (!described) return [`${where}: the document does not list this status`];
    const media = response.headers.get("content-type")?.split(";")[0].trim() ?? "";
    if (!described.content) return [];
    if (!described.content[media]) return [`${where}: answered ${media}, the document says ${Object.keys(described.content).join(", ")}`];
    if (media !== "application/json") return [];
    const pointer = ["paths", template, method.toLowerCase(), "responses", String(response.status), "content", media, "schema"]
      .map(escapePointer)
      .join("/");
    const validate = ajv.getSchema(`openapi#/${pointer}`);
    if (!validate) return [`${where}: no schema at ${pointer}`];
    const body: unknown = await response.json();
    return validate(body) ? [] : [`${where}: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(body).slice(0, 300)}`];
  };
}
