import { html } from "hono/html";
import { type OpenAPIV3_1 } from "openapi-types";

const METHOD_COLOURS: Record<string, string> = { get: "#1d4ed8", post: "#15803d", patch: "#a16207", delete: "#b91c1c" };

/** A readable, self-contained API reference rendered on the server from the OpenAPI document. */
export function renderReference(document: OpenAPIV3_1.Document) {
  const groups = new Map<string, { method: string; path: string; operation: OpenAPIV3_1.OperationObject }[]>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item ?? {}) as [string, OpenAPIV3_1.OperationObject][]) {
      const tag = operation.tags?.[0] ?? "Other";
      groups.set(tag, [...(groups.get(tag) ?? []), { method, path: `/api${path}`, operation }]);
    }
  }
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>API reference - AR</title>
        <style>
          body {
            font-family: system-ui, sans-serif;
            max-width: 960px;
            margin: 0 auto;
            padding: 2rem 1rem;
            color: #0f172a;
          }
          h2 {
            margin-top: 2.5rem;
            border-bottom: 2px solid #e2e8f0;
            padding-bottom: 0.25rem;
          }
          section {
            border: 1px solid #e2e8f0;
            border-radius: 0.75rem;
            padding: 1rem;
            margin: 1rem 0;
          }
          .method {
            display: inline-block;
            min-width: 4.5rem;
            color: #fff;
            border-radius: 0.375rem;
            padding: 0.125rem 0.5rem;
            font-weight: 700;
            text-transform: uppercase;
            font-size: 0.8rem;
            text-align: center;
          }
          code,
          pre {
            font-family: ui-monospace, monospace;
          }
          pre {
            background: #f1f5f9;
            padding: 0.75rem;
            border-radius: 0.5rem;
            overflow-x: auto;
            font-size: 0.85rem;
          }
          .access {
            color: #475569;
          }
        </style>
      </head>
      <body>
        <h1>${document.info.title} <small>v${document.info.version}</small></h1>
        <p>${document.info.description ?? ""}</p>
        <p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${document.openapi}).</p>
        ${[...groups].map(
          ([tag, operations]) =>
            html`<h2>${tag}</h2>
              ${operations.map(({ method, path, operation }) => {
                const body = (operation.requestBody as OpenAPIV3_1.RequestBodyObject | undefined)?.content;
                const success = Object.entries(operation.responses ?? {}).find(([status]) => status.startsWith("2"));
                return html`<section>
                  <p>
                    <span class="method" style="background:${METHOD_COLOURS[method] ?? "#334155"}">${method}</span> <code>${path}</code>
                  </p>
                  <p>${operation.summary ?? ""}</p>
                  <p class="access">Who: ${String((operation as Record<string, unknown>)["x-access"] ?? "")}</p>
                  ${operation.parameters?.length ? html`<p>Query: ${(operation.parameters as OpenAPIV3_1.ParameterObject[]).map((parameter) => html`<code>${parameter.name}</code> `)}</p>` : ""}
                  ${
                    body
                      ? Object.entries(body).map(
                          ([media, content]) =>
                            html`<p>Body (${media}):</p>
                              <pre>${JSON.stringify(content.schema, null, 2)}</pre>`,
                        )
                      : ""
                  }
                  ${success ? html`<p>Answer ${success[0]}: ${(success[1] as OpenAPIV3_1.ResponseObject).description}</p>` : ""}
                </section>`;
              })}`,
        )}
      </body>
    </html>`;
}
