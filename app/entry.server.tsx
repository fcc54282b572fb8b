import { renderToReadableStream } from "react-dom/server";
import { type AppLoadContext, type EntryContext, isRouteErrorResponse, ServerRouter } from "react-router";
import { inlineScriptHashes, pageContentSecurityPolicy } from "./.server/web/content-security-policy";

/**
 * Renders the whole page, then gives it the Content-Security-Policy that allows exactly its inline
 * scripts (their hashes): the page and its header are final together, so the page cache can keep
 * and serve both as they are (decision record 29). Pages are not streamed: their loaders have read
 * everything before rendering starts, so only the last bytes wait.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  let shellRendered = false;
  const body = await renderToReadableStream(<ServerRouter context={routerContext} url={request.url} />, {
    signal: request.signal,
    onError(error: unknown) {
      responseStatusCode = 500;
      // Errors before the shell is ready are reported by the error boundary; later ones are logged.
      if (shellRendered) console.error(error);
    },
  });
  shellRendered = true;
  const html = await new Response(body).text();

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set(
    "Content-Security-Policy",
    pageContentSecurityPolicy(await inlineScriptHashes(html), request.url, loadContext.app.config),
  );
  return new Response(html, { headers: responseHeaders, status: responseStatusCode });
}

/**
 * Unexpected errors in loaders, actions and rendering: one JSON log line with the request id.
 * React Router also reports its own 4xx answers here (a method a page does not take, say): those
 * are the client's mistakes, already in the request's log line.
 */
export function handleError(error: unknown, { request, context }: { request: Request; context: AppLoadContext }) {
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  console.error(
    JSON.stringify({
      level: "error",
      requestId: context.app?.requestId,
      path: new URL(request.url).pathname,
      error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      stack: error instanceof Error ? error.stack : undefined,
    }),
  );
}
