import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

// Checks real answers against GET /api/openapi.json: the status must be one the operation lists,
// and a JSON body must match the schema the document gives for that status.

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

export function responseChecker(document: ApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats.default(ajv);
  ajv.addSchema(document, "openapi");
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
